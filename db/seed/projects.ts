// Sample projects seeded into an empty database (SEED=demo). Persona: Rowan Castillo,
// an engineer working across web software, GPUs and FPGAs.
import type { ProjectInput } from '#src/contract/project'

export const seedProjects: ProjectInput[] = [
  {
    title: 'Tokenfolio: a mock ERC-20 wallet dApp',
    slug: 'tokenfolio-dapp',
    summary:
      'A small token portfolio dApp: three ERC-20 contracts, a Node.js API that streams balances, and a React UI with a live debug timeline.',
    role: 'Solo build: contracts, API and UI',
    tags: ['Solidity', 'React', 'Node', 'TypeScript', 'Ethereum', 'Hardhat'],
    heroImage: '/media/projects/tokenfolio-dapp.svg',
    gallery: ['/media/projects/tokenfolio-timeline.svg', '/media/projects/tokenfolio-transfer.svg'],
    demoLinks: {
      embedPath: '/demo/dapp',
      repo: 'https://github.com/rowancastillo/tokenfolio',
    },
    metrics: {
      'Transfer gas (existing holder)': 34712,
      'Contract test coverage': '98% of lines',
      'Reconnect after API restart (p95)': '1.2 s',
      Contracts: 3,
    },
    order: 80,
    bodyMD: `Tokenfolio started as a way to explain to web developers what actually happens between clicking "Send" in a wallet and a balance changing. The embedded demo runs entirely against a mock chain, so nobody needs a browser extension or test ETH to try it.

## How it fits together

- **Contracts**: three ERC-20 tokens written in Solidity 0.8, built on OpenZeppelin and tested with Hardhat. Every public function has a test, including the revert paths.
- **API**: a small Node.js service that replays transfers against an in-memory ledger and pushes balance snapshots to the browser with server-sent events.
- **UI**: React with a token card per asset, an approximate USD total, a "reconnecting…" badge when the event stream drops, and a timeline that logs every request, event and error (the last 200 entries).

## The transfer path

The "Mock Transfer" button builds the same call data a real wallet would send, so the timeline shows the function selector and arguments before the mock chain applies them:

\`\`\`solidity
function transfer(address to, uint256 amount) public override returns (bool) {
    require(to != address(0), "zero address");
    _transfer(_msgSender(), to, amount);
    return true;
}
\`\`\`

The API validates the call against the contract ABI, applies it, and emits a \`Transfer\` event on the stream. The React side never polls; it only reacts to events and re-renders the affected cards.

## What I learned

- Gas numbers only mean something next to the storage layout. Moving two flags into one slot saved more than any clever arithmetic.
- Reconnect logic is the real product. The badge and the exponential back-off took longer than the contracts.
- A visible debug timeline turns a demo into a teaching tool: people read it more than the token cards.`,
  },
  {
    title: 'Scopelet: a 100 MS/s FPGA oscilloscope',
    slug: 'scopelet-fpga-oscilloscope',
    summary:
      'A two-channel USB oscilloscope built around an Artix-7 FPGA, with a VHDL trigger and capture pipeline and a Python viewer on the host.',
    role: 'Hardware design, HDL and host software',
    tags: ['FPGA', 'VHDL', 'Python', 'Signal processing', 'USB'],
    heroImage: '/media/projects/scopelet.svg',
    gallery: ['/media/projects/scopelet-board.svg', '/media/projects/scopelet-viewer.svg'],
    demoLinks: {
      video: '/media/fpga-scope.mp4',
      repo: 'https://github.com/rowancastillo/scopelet',
    },
    metrics: {
      'Sample rate (MS/s)': 100,
      'Analog bandwidth': '35 MHz',
      'LUT utilisation': '18%',
      'Capture depth (samples per channel)': 65536,
    },
    order: 70,
    bodyMD: `Scopelet is a bench oscilloscope that fits in a mint tin. Two 8-bit ADCs sample at 100 MS/s, an Artix-7 FPGA does the triggering and buffering, and a USB 2.0 FIFO bridge hands finished captures to a Python viewer.

## Signal chain

1. A front end with a switchable 1:1 / 10:1 attenuator and an op-amp buffer limits the bandwidth to about 35 MHz.
2. The ADC outputs land in the FPGA on a 100 MHz clock derived from the same oscillator, so there is no clock-domain crossing on the data path.
3. A trigger unit compares each sample against a level with hysteresis and arms a ring buffer in block RAM.
4. After the post-trigger count expires, a read-out state machine streams the buffer to an FT232H in synchronous FIFO mode.

## The trigger

The trigger is the part that makes a scope feel good. Hysteresis stops noisy edges from retriggering, and a pre-trigger window keeps the samples before the edge:

\`\`\`vhdl
process (clk)
begin
  if rising_edge(clk) then
    armed <= armed or (sample < level - hyst);
    if armed = '1' and sample >= level then
      trig  <= '1';
      armed <= '0';
    else
      trig  <= '0';
    end if;
  end if;
end process;
\`\`\`

(\`sample\`, \`level\` and \`hyst\` are \`unsigned\` from \`numeric_std\`; the real code also handles falling edges.)

## Host side

The viewer is about 600 lines of Python using numpy and pyqtgraph. It redraws at 60 fps for single-channel captures, and can dump a capture to CSV for later analysis.

## Lessons

- Get timing closure early. I lost a weekend to an unconstrained ADC input path that passed in simulation and failed on the bench.
- Simulate the whole pipeline with GHDL and a recorded waveform before touching hardware. Most bugs were found there.`,
  },
  {
    title: 'Tinsel: an RV32I core in Verilog',
    slug: 'tinsel-rv32i-core',
    summary:
      'A three-stage RISC-V RV32I core written in Verilog, verified with a Verilator C++ testbench and built with a fully open-source FPGA toolchain.',
    role: 'Design and verification',
    tags: ['FPGA', 'Verilog', 'RISC-V', 'C++'],
    demoLinks: {
      repo: 'https://github.com/rowancastillo/tinsel',
    },
    metrics: {
      'Pipeline stages': 3,
      'Fmax on iCE40 UP5K': '48 MHz',
      'LUTs used': 2140,
      'rv32ui test suite': 'all passing',
    },
    order: 60,
    bodyMD: `Tinsel is a small RISC-V core I built to understand pipelines by making every mistake in them myself. It implements the base RV32I integer instruction set with a fetch, decode/execute and write-back pipeline, and runs C programs compiled with a stock GCC toolchain.

## Design

- **Fetch** reads from a single-cycle block RAM and predicts every branch as not taken.
- **Decode/execute** reads the register file, forwards the previous result when needed, and resolves branches. A taken branch flushes one instruction.
- **Write-back** handles loads and register writes. Loads stall the pipeline for one cycle when their result is used immediately.

The ALU is a single case statement, which yosys maps well onto iCE40 logic cells:

\`\`\`verilog
always @(*) begin
  case (alu_op)
    ALU_ADD:  result = a + b;
    ALU_SUB:  result = a - b;
    ALU_SLT:  result = {31'b0, $signed(a) < $signed(b)};
    ALU_SLTU: result = {31'b0, a < b};
    ALU_SLL:  result = a << b[4:0];
    ALU_SRA:  result = $signed(a) >>> b[4:0];
    ALU_XOR:  result = a ^ b;
    default:  result = 32'b0;
  endcase
end
\`\`\`

## Verification

The testbench is a C++ program built with Verilator. It loads an ELF file, runs the core, and compares every register write against a reference instruction-set simulator. A mismatch prints the instruction, the program counter and both values, which turned most bugs into five-minute fixes.

The official rv32ui tests run in CI on every commit. When a change broke one, \`git bisect\` with the testbench as the check script found the culprit commit without any thinking on my part.

## Toolchain

Synthesis uses yosys and place-and-route uses nextpnr for an iCE40 UP5K board. The whole flow, from Verilog to bitstream, takes under a minute.`,
  },
  {
    title: 'Lattice-Boltzmann fluid solver in CUDA',
    slug: 'lbm-cuda-solver',
    summary:
      'A D3Q19 lattice-Boltzmann solver tuned for memory bandwidth, reaching 78% of peak DRAM throughput on a consumer GPU.',
    role: 'Author; performance engineering',
    tags: ['CUDA', 'C++', 'GPU', 'Python', 'HPC'],
    heroImage: '/media/projects/lbm-cuda.svg',
    demoLinks: {
      video: 'https://www.youtube.com/watch?v=q8Xf3LmT0wE',
      repo: 'https://github.com/rowancastillo/lbm-cuda',
    },
    metrics: {
      'Throughput (MLUPS)': 3900,
      'Share of peak DRAM bandwidth': '78%',
      'Speed-up vs 16-core CPU': '38x',
      'Grid size': '256 x 256 x 256',
    },
    order: 50,
    bodyMD: `The lattice-Boltzmann method simulates a fluid by moving particle distributions between neighbouring cells and relaxing them towards equilibrium. It does very little arithmetic per byte, so on a GPU it lives or dies by memory bandwidth. This project was an exercise in getting as close to the hardware limit as possible on an RTX 3080.

## Where the time goes

Each cell update in D3Q19 reads 19 floats and writes 19 floats: 152 bytes of traffic for about 250 floating-point operations. At 760 GB/s of peak bandwidth, the ceiling is roughly 5000 million lattice updates per second (MLUPS). The solver reaches 3900.

## What made the difference

- **Structure of arrays.** Storing each of the 19 directions in its own array makes neighbouring threads read neighbouring addresses, so every warp load is fully coalesced.
- **Fused stream and collide.** One kernel pulls the distributions from neighbours, collides, and writes the result, so every value crosses DRAM exactly twice.
- **Two buffers, swapped each step.** Simple, and it avoids the bookkeeping of in-place schemes, at the cost of twice the memory.
- **Nsight Compute, not guesses.** Every change was checked against the DRAM throughput counter.

\`\`\`cuda
__global__ void stream_collide(const float* __restrict__ f_in, float* __restrict__ f_out,
                               int nx, int ny, int nz, float omega) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y, z = blockIdx.z;
  if (x >= nx) return;
  size_t n = (size_t)nx * ny * nz;
  float f[19];
  #pragma unroll
  for (int q = 0; q < 19; ++q) {
    int sx = (x - c[q].x + nx) % nx;  // periodic boundaries
    int sy = (y - c[q].y + ny) % ny;
    int sz = (z - c[q].z + nz) % nz;
    f[q] = f_in[q * n + idx(sx, sy, sz, nx, ny)];
  }
  bgk_collide(f, omega);
  #pragma unroll
  for (int q = 0; q < 19; ++q) f_out[q * n + idx(x, y, z, nx, ny)] = f[q];
}
\`\`\`

## Validation

A Python harness runs Poiseuille flow between two plates and compares the velocity profile with the analytical parabola. The error stays below 0.5% at the resolutions I use.`,
  },
  {
    title: 'Fieldbook: a MERN app for field-service crews',
    slug: 'fieldbook-mern',
    summary:
      'An offline-first job log for a regional HVAC company, built on the MERN stack and used daily by over a hundred technicians.',
    role: 'Lead developer (team of three)',
    tags: ['MERN', 'React', 'Node', 'Mongo', 'Express', 'TypeScript'],
    heroImage: '/media/projects/fieldbook.svg',
    gallery: ['/media/projects/fieldbook-jobs.svg', '/media/projects/fieldbook-sync.svg'],
    demoLinks: {
      caseStudy: '/blog/mongo-indexes-for-a-mern-app',
    },
    metrics: {
      'Daily active technicians': 140,
      'Jobs logged': 23800,
      'p95 API latency': '85 ms',
      'Sync conflicts merged automatically': '96%',
    },
    order: 40,
    bodyMD: `Fieldbook replaced a paper form and a shared spreadsheet at a regional HVAC company. Technicians log jobs, parts and photos on a phone, often in basements with no signal, and the office sees everything once the phone reconnects.

## Stack

- **MongoDB** for jobs, parts and customers. Documents map naturally onto a job with its embedded line items.
- **Express on Node.js** for a small REST API with schema validation on every route.
- **React** for the web app, styled with Tailwind, installable as a PWA.
- Docker Compose for deployment on a single virtual machine, with nightly backups to object storage.

## Offline first

Every change is written to IndexedDB first and queued. When the connection returns, the queue is replayed in order. Each job carries a version number, and the server merges field by field rather than rejecting the whole document:

\`\`\`ts
function mergeJob(server: Job, local: Job, base: Job): Job {
  const merged = { ...server }
  for (const key of Object.keys(local) as (keyof Job)[]) {
    const changedLocally = local[key] !== base[key]
    const changedOnServer = server[key] !== base[key]
    if (changedLocally && !changedOnServer) merged[key] = local[key] as never
  }
  return { ...merged, version: server.version + 1 }
}
\`\`\`

Only when both sides changed the same field does the app ask a human. That happens in about 4% of syncs, usually the job status.

## Performance

The office dashboard filters jobs by status, technician and date. A compound index that follows the equality, sort, range rule took the slowest query from 900 ms to 12 ms. The details are in a separate write-up.

## Outcome

The company retired the spreadsheet within a month. The part I am proudest of is boring: in two years, no technician has lost a job entry.`,
  },
  {
    title: 'Greenhouse controller on an Arduino Nano',
    slug: 'greenhouse-controller',
    summary:
      'A low-power controller that waters a small greenhouse from soil-moisture readings instead of a timer, running unattended for over a year.',
    role: 'Hardware, firmware and PCB',
    tags: ['Arduino', 'C++', 'Embedded', 'KiCad', 'Sensors'],
    demoLinks: {
      repo: 'https://github.com/rowancastillo/greenhouse-controller',
    },
    metrics: {
      Uptime: '14 months',
      'Sensor channels': 7,
      'Idle current': '4.8 mA',
      'Water saved vs timer': '31%',
    },
    order: 30,
    bodyMD: `My parents' greenhouse was watered by a mains timer that ran whether it had rained or not. This controller replaced it with four capacitive soil-moisture probes, an air temperature and humidity sensor, and a 12 V pump.

## Hardware

- An Arduino Nano (ATmega328P) on a custom shield designed in KiCad, with screw terminals for the probes and a MOSFET to switch the pump.
- Capacitive probes instead of resistive ones: resistive probes corrode within weeks when powered continuously.
- An SHT31 on I2C for air temperature and humidity, and a light sensor on an analog pin.
- A 5 V regulator fed from the same 12 V supply as the pump, with a diode across the pump to absorb the inductive kick.

## Firmware

The firmware is a non-blocking state machine driven by \`millis()\`; there is no \`delay()\` anywhere. Each zone moves between idle, watering and soaking states, so one dry bed cannot starve the others. Probes are only powered for a few milliseconds when read, which both saves power and slows their ageing.

Two details kept it running for more than a year without a visit:

1. The hardware watchdog resets the board if the main loop ever stalls for more than two seconds.
2. Every watering decision is capped: a zone can run for at most three minutes per hour, whatever the probes say. A broken probe wastes a little water instead of flooding the bed.

## Telemetry

Once a minute the controller sends a compact binary frame over the serial port. A Raspberry Pi logs it with Tidewater, my Rust telemetry logger, so I can see moisture curves for every zone.

## Results

Compared with the old timer schedule, the greenhouse used 31% less water over one summer, and the tomatoes did noticeably better in the hot weeks.`,
  },
  {
    title: 'Particle life in WebGPU',
    slug: 'particle-life-webgpu',
    summary:
      'An interactive particle-life simulation running entirely in WebGPU compute shaders, with a GPU counting sort for neighbour search.',
    role: 'Author',
    tags: ['WebGPU', 'TypeScript', 'WGSL', 'GPU'],
    heroImage: '/media/projects/particle-life.svg',
    demoLinks: {
      live: 'https://particles.rowancastillo.dev',
      repo: 'https://github.com/rowancastillo/particle-life',
    },
    metrics: {
      'Particles at 60 fps (laptop GPU)': 200000,
      'Compute passes per frame': 4,
      'Bundle size': '38 kB gzipped',
    },
    order: 20,
    bodyMD: `Particle life is a toy model where a few species of particles attract or repel each other according to a small random matrix. The rules are trivial; the emergent shapes are not. I wanted it to run in a browser tab with hundreds of thousands of particles, which meant doing everything on the GPU.

## Neighbour search on the GPU

Comparing every particle with every other particle is quadratic. Instead, the simulation divides space into a grid of cells no smaller than the interaction radius, and sorts particles by cell every frame with a counting sort made of four compute shaders:

1. **Count**: each particle atomically increments the counter of its cell.
2. **Prefix sum**: an exclusive scan turns counts into start offsets.
3. **Scatter**: each particle claims a slot in its cell's range.
4. **Integrate**: each particle visits the 9 neighbouring cells, sums the forces and updates its velocity.

\`\`\`wgsl
@compute @workgroup_size(256)
fn count(@builtin(global_invocation_id) id: vec3u) {
  let i = id.x;
  if (i >= params.count) { return; }
  let cell = cellIndex(positions[i]);
  atomicAdd(&cellCounts[cell], 1u);
}
\`\`\`

## TypeScript side

The host code is plain TypeScript with no framework. Buffers are created once and reused; the only per-frame allocation is the command encoder. Sliders update a small uniform buffer, so changing the interaction matrix never stalls the pipeline.

## What surprised me

- The scan was the hardest part. A simple single-workgroup scan limits the grid size; a two-level scan removed the limit.
- Browsers differ in their limits. Reading \`adapter.limits\` and sizing workgroups from it fixed crashes on older integrated GPUs.`,
  },
  {
    title: 'Tidewater: a telemetry logger in Rust',
    slug: 'tidewater-telemetry-logger',
    summary:
      'A small Rust daemon that reads sensor frames from serial ports and stores them in SQLite, built to run for months on a Raspberry Pi.',
    role: 'Author and maintainer',
    tags: ['Rust', 'SQLite', 'Linux', 'Docker', 'Embedded'],
    demoLinks: {
      repo: 'https://github.com/rowancastillo/tidewater',
    },
    metrics: {
      'Rows ingested per second (Pi 4)': 48000,
      'Binary size': '3.1 MB',
      'Resident memory': '9 MB',
      'Months in production': 11,
    },
    order: 10,
    bodyMD: `Tidewater collects the serial output of my hobby hardware, including the greenhouse controller, and stores every reading in a single SQLite file that I can query or copy anywhere. It replaced a Python script that leaked memory and lost data on every power cut.

## Design

- One thread per serial port reads bytes and splits them into frames. Each frame carries a length, a type and a CRC-16, so a corrupted frame is dropped instead of stored.
- Parsed readings go through a bounded channel to a single writer thread, which owns the database connection.
- The writer batches inserts into one transaction every 250 ms or every 1000 rows, whichever comes first. Single-row transactions topped out at a few hundred rows per second on the SD card; batching raised that past 48,000.

## SQLite settings

\`\`\`sql
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA busy_timeout = 5000;
CREATE INDEX IF NOT EXISTS readings_source_ts ON readings (source, ts);
\`\`\`

WAL mode lets me run ad-hoc queries while the logger writes. With \`synchronous = NORMAL\`, a power cut can lose the last few hundred milliseconds of data but never corrupts the file, which is the right trade for sensor readings.

## Deployment

The daemon runs under systemd with \`Restart=on-failure\` and a watchdog ping. I cross-compile for ARM with \`cross\`, which builds inside a Docker container, so the Raspberry Pi never needs a Rust toolchain. A release is one static binary and one unit file.

## What I would do differently

I would define the frame format with a schema from day one. Adding a field to the greenhouse frames meant touching three codebases, and a shared definition would have made that a one-line change.`,
  },
]
