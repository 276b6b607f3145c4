// The sample site's posts and projects: one markdown file each, as `folio export-content` writes
// them, imported as text so the binary embeds them (the seed loads this module only when it seeds).
// In seeding order: projects first, then posts oldest first. NOTE: a file added to posts/ or
// projects/ is seeded once it is listed here (tests/unit/content/seed-files.test.ts checks both agree).
import projectTokenfolioDapp from './projects/tokenfolio-dapp.md' with { type: 'text' }
import projectScopeletFpgaOscilloscope from './projects/scopelet-fpga-oscilloscope.md' with { type: 'text' }
import projectTinselRv32iCore from './projects/tinsel-rv32i-core.md' with { type: 'text' }
import projectLbmCudaSolver from './projects/lbm-cuda-solver.md' with { type: 'text' }
import projectFieldbookMern from './projects/fieldbook-mern.md' with { type: 'text' }
import projectGreenhouseController from './projects/greenhouse-controller.md' with { type: 'text' }
import projectParticleLifeWebgpu from './projects/particle-life-webgpu.md' with { type: 'text' }
import projectTidewaterTelemetryLogger from './projects/tidewater-telemetry-logger.md' with { type: 'text' }
import postCoalescedMemoryAccessInCudaMeasured from './posts/coalesced-memory-access-in-cuda-measured.md' with { type: 'text' }
import postAUartIn80LinesOfVhdl from './posts/a-uart-in-80-lines-of-vhdl.md' with { type: 'text' }
import postStreamingReactSsrOnBun from './posts/streaming-react-ssr-on-bun.md' with { type: 'text' }
import postDebouncingButtonsOnAnArduinoWithoutDelay from './posts/debouncing-buttons-on-an-arduino-without-delay.md' with { type: 'text' }
import postWhatSqliteWalModeActuallyGuarantees from './posts/what-sqlite-wal-mode-actually-guarantees.md' with { type: 'text' }
import postReadingASolidityGasReport from './posts/reading-a-solidity-gas-report.md' with { type: 'text' }
import postMetastabilityAndTheTwoFlopSynchronizer from './posts/metastability-and-the-two-flop-synchronizer.md' with { type: 'text' }
import postMongoIndexesForAMernApp from './posts/mongo-indexes-for-a-mern-app.md' with { type: 'text' }
import postZeroCopyFrameParsingInRust from './posts/zero-copy-frame-parsing-in-rust.md' with { type: 'text' }
import postSharedMemoryBankConflictsExplainedWithATranspose from './posts/shared-memory-bank-conflicts-explained-with-a-transpose.md' with { type: 'text' }
import postMovingBetweenWebGpusAndFpgas from './posts/moving-between-web-gpus-and-fpgas.md' with { type: 'text' }
import postWebgpuComputeForCudaProgrammers from './posts/webgpu-compute-for-cuda-programmers.md' with { type: 'text' }
import postFixedPointArithmeticOnAn8BitAvr from './posts/fixed-point-arithmetic-on-an-8-bit-avr.md' with { type: 'text' }
import postReadingAnFpgaTimingReportWithoutPanic from './posts/reading-an-fpga-timing-report-without-panic.md' with { type: 'text' }
import postFastIsolatedDatabaseTestsWithBunTestAndSqlite from './posts/fast-isolated-database-tests-with-bun-test-and-sqlite.md' with { type: 'text' }

/** `path` as an export names it: readContentFile takes the kind from its folder. */
export const sampleFiles: { path: string; text: string }[] = [
  { path: 'projects/tokenfolio-dapp.md', text: projectTokenfolioDapp },
  { path: 'projects/scopelet-fpga-oscilloscope.md', text: projectScopeletFpgaOscilloscope },
  { path: 'projects/tinsel-rv32i-core.md', text: projectTinselRv32iCore },
  { path: 'projects/lbm-cuda-solver.md', text: projectLbmCudaSolver },
  { path: 'projects/fieldbook-mern.md', text: projectFieldbookMern },
  { path: 'projects/greenhouse-controller.md', text: projectGreenhouseController },
  { path: 'projects/particle-life-webgpu.md', text: projectParticleLifeWebgpu },
  { path: 'projects/tidewater-telemetry-logger.md', text: projectTidewaterTelemetryLogger },
  { path: 'posts/coalesced-memory-access-in-cuda-measured.md', text: postCoalescedMemoryAccessInCudaMeasured },
  { path: 'posts/a-uart-in-80-lines-of-vhdl.md', text: postAUartIn80LinesOfVhdl },
  { path: 'posts/streaming-react-ssr-on-bun.md', text: postStreamingReactSsrOnBun },
  { path: 'posts/debouncing-buttons-on-an-arduino-without-delay.md', text: postDebouncingButtonsOnAnArduinoWithoutDelay },
  { path: 'posts/what-sqlite-wal-mode-actually-guarantees.md', text: postWhatSqliteWalModeActuallyGuarantees },
  { path: 'posts/reading-a-solidity-gas-report.md', text: postReadingASolidityGasReport },
  { path: 'posts/metastability-and-the-two-flop-synchronizer.md', text: postMetastabilityAndTheTwoFlopSynchronizer },
  { path: 'posts/mongo-indexes-for-a-mern-app.md', text: postMongoIndexesForAMernApp },
  { path: 'posts/zero-copy-frame-parsing-in-rust.md', text: postZeroCopyFrameParsingInRust },
  { path: 'posts/shared-memory-bank-conflicts-explained-with-a-transpose.md', text: postSharedMemoryBankConflictsExplainedWithATranspose },
  { path: 'posts/moving-between-web-gpus-and-fpgas.md', text: postMovingBetweenWebGpusAndFpgas },
  { path: 'posts/webgpu-compute-for-cuda-programmers.md', text: postWebgpuComputeForCudaProgrammers },
  { path: 'posts/fixed-point-arithmetic-on-an-8-bit-avr.md', text: postFixedPointArithmeticOnAn8BitAvr },
  { path: 'posts/reading-an-fpga-timing-report-without-panic.md', text: postReadingAnFpgaTimingReportWithoutPanic },
  { path: 'posts/fast-isolated-database-tests-with-bun-test-and-sqlite.md', text: postFastIsolatedDatabaseTestsWithBunTestAndSqlite },
]
