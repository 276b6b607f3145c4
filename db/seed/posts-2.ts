// Sample blog posts, part 2 (May 2026 to November 2026).
import type { PostInput } from '#src/contract/post'

export const seedPosts2: PostInput[] = [
  {
    title: 'Zero-copy frame parsing in Rust',
    slug: 'zero-copy-frame-parsing-in-rust',
    summary:
      'Parsing binary serial frames by borrowing from the receive buffer instead of copying, and letting the borrow checker enforce the rules.',
    tags: ['rust', 'embedded', 'performance'],
    createdAt: '2026-05-03T11:20:00Z',
    bodyMD: `Tidewater, my telemetry logger, reads binary frames from serial ports. Its first parser copied every payload into a fresh \`Vec<u8>\`. That was fine at 100 frames per second and showed up clearly in the profile at 50,000. The fix was to stop copying and let each parsed frame borrow from the receive buffer.

## The frame format

Each frame is a sync byte (\`0xA5\`), a type byte, a little-endian 16-bit payload length, the payload, and a CRC-16 over everything before it. Serial data arrives in arbitrary chunks, so the parser must handle three outcomes: a complete frame, not enough bytes yet, and garbage to skip.

## A parser that borrows

\`\`\`rust
const SYNC: u8 = 0xA5;
const MAX_PAYLOAD: usize = 1024;

pub struct Frame<'a> {
    pub kind: u8,
    pub payload: &'a [u8],
}

pub enum Parse<'a> {
    Frame(Frame<'a>, usize), // the frame and the bytes it used
    Incomplete,
    Skip(usize),             // bytes of garbage to discard
}

pub fn parse(buf: &[u8]) -> Parse<'_> {
    if buf.is_empty() {
        return Parse::Incomplete;
    }
    match buf.iter().position(|&b| b == SYNC) {
        None => return Parse::Skip(buf.len()),
        Some(0) => {}
        Some(start) => return Parse::Skip(start),
    }
    if buf.len() < 4 {
        return Parse::Incomplete;
    }
    let len = u16::from_le_bytes([buf[2], buf[3]]) as usize;
    if len > MAX_PAYLOAD {
        return Parse::Skip(1);
    }
    let total = 4 + len + 2;
    if buf.len() < total {
        return Parse::Incomplete;
    }
    let crc = u16::from_le_bytes([buf[total - 2], buf[total - 1]]);
    if crc16(&buf[..total - 2]) != crc {
        return Parse::Skip(1);
    }
    Parse::Frame(Frame { kind: buf[1], payload: &buf[4..4 + len] }, total)
}
\`\`\`

The lifetime \`'a\` says that a \`Frame\` cannot outlive the buffer it points into. There is no allocation and no copy: the payload is a slice of bytes that were already in memory.

## Resynchronising

When the CRC fails or the length is absurd, the parser skips exactly one byte, not the whole frame. The sync byte may have been a payload byte that happened to equal \`0xA5\`, and the real frame start may be a few bytes later. Skipping one byte and searching again recovers from that within one frame. The \`MAX_PAYLOAD\` check matters for the same reason: without it, a corrupted length field could make the parser wait for 65 KB that will never come.

## The borrow checker as a reviewer

The caller keeps a \`Vec<u8>\` receive buffer, parses from the front, and drains consumed bytes:

- While a \`Frame\` is alive, the buffer is borrowed, so calling \`drain\` on it does not compile. The bug where a payload slice is read after the buffer shifted simply cannot be written.
- The fix is to finish with the frame first (decode the values, hand them to the writer thread as plain numbers) and only then remove the consumed bytes.

I first found this annoying. Then I realised it was the exact bug I would have shipped in C.

## Did it matter?

Parsing alone went from about 180 ns per frame to about 40 ns on a Raspberry Pi 4, and the allocator disappeared from the profile. The larger win was indirect: with parsing cheap, the single writer thread became the only bottleneck, which made batching the SQLite inserts the obvious next step.`,
  },
  {
    title: 'Shared memory bank conflicts, explained with a transpose',
    slug: 'shared-memory-bank-conflicts-explained-with-a-transpose',
    summary:
      'A tiled matrix transpose is the classic example of a shared memory bank conflict, and one extra column is the classic fix. Here is why it works.',
    tags: ['cuda', 'gpu', 'performance'],
    createdAt: '2026-06-21T17:10:00Z',
    bodyMD: `A matrix transpose does no arithmetic at all, which makes it a perfect test of how well a kernel moves data. It is also the textbook case of shared memory bank conflicts, and the fix is so small that it is worth understanding exactly why it works.

## Step one: coalesce both sides

A naive transpose reads rows and writes columns. Reads are coalesced; writes are scattered across rows, so every thread in a warp writes a different 32-byte sector. On my RTX 3080 it reaches roughly a third of the bandwidth of a plain copy.

The standard fix is to stage a 32 by 32 tile in shared memory: read a tile with coalesced row reads, then write it out transposed, again as coalesced row writes, by reading the tile column-wise.

\`\`\`cuda
constexpr int TILE = 32;
constexpr int ROWS = 8;  // each thread handles TILE / ROWS elements

__global__ void transpose(float* out, const float* in, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];  // +1 column: no bank conflicts

  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE + threadIdx.x;  // swap the block indices
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < height && y + j < width)
      out[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
\`\`\`

Launch it with blocks of 32 by 8 threads and a grid that covers the matrix in 32 by 32 tiles.

## Step two: the bank conflict

Shared memory is split into 32 banks, each 4 bytes wide; consecutive 32-bit words live in consecutive banks. A warp can read 32 words in one go only if they sit in 32 different banks (or several threads read the very same word).

Without the \`+ 1\`, a row of the tile is exactly 32 floats. When the warp reads \`tile[threadIdx.x][c]\`, thread t reads word \`32 * t + c\`, and every one of those words is in bank \`c\`. That is a 32-way conflict: the hardware serialises the access into 32 separate transactions.

With a row of 33 floats, thread t reads word \`33 * t + c\`, which is in bank \`(t + c) mod 32\`. Every thread hits a different bank, and the read completes in one transaction. The cost is 32 unused floats per tile.

## The numbers

On a 8192 by 8192 float matrix, counting one read and one write per element:

- plain copy (the ceiling): about 680 GB/s
- naive transpose: about 230 GB/s
- tiled, without padding: about 400 GB/s
- tiled, with padding: about 640 GB/s

## Checking it without guessing

Nsight Compute counts conflicts directly. The metric \`l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum\` goes from millions to essentially zero when you add the padding. Whenever a kernel uses shared memory with a stride, I look at that counter before anything else.`,
  },
  {
    title: 'Moving between web, GPUs and FPGAs',
    slug: 'moving-between-web-gpus-and-fpgas',
    summary:
      'Notes on a career that keeps crossing the line between software and hardware, and what each side taught me about the other.',
    tags: ['career'],
    createdAt: '2026-07-19T09:00:00Z',
    readingMinutes: 4,
    bodyMD: `People sometimes ask why my project list jumps from React apps to VHDL and back. The honest answer is that I never planned a career in either, and each move was driven by a problem I could not solve with the tools I had. Looking back, the moves taught me more than any single specialisation would have.

## What hardware taught me about software

- **Think about the data path first.** On an FPGA you draw where every bit goes before writing code. Doing the same for a web request (which queries, which caches, which bytes go over the wire) catches most performance problems before they exist.
- **Simulation is cheaper than debugging.** A bitstream build takes minutes and a bench session takes hours, so hardware people test everything in simulation first. I now write the test harness for an API before its handlers.
- **Timing is a budget.** A clock period is split between logic and routing. A page load is split between the server, the network and the browser. Thinking in budgets makes the trade-offs explicit.

## What software taught me about hardware

- **Version everything.** Constraint files, build scripts and tool versions belong in Git as much as the HDL does. Reproducible builds are as valuable for a bitstream as for a container image.
- **Automate the boring checks.** Running the full regression suite on every commit, with a clear pass or fail, was normal in web work and rare in the hardware teams I joined.
- **Readable beats clever.** A state machine that a colleague can follow in a review is worth more than one that saves a few logic cells.

## GPUs sit in the middle

GPU programming was the bridge. A CUDA kernel is software, but making it fast means thinking about memory transactions, banks and occupancy, which is hardware thinking. It is the place where I use both halves of my background every day.

## If you are thinking of crossing over

Pick a small project that needs both sides: a sensor with a web dashboard, an FPGA that streams data to a browser. You will hit the unfamiliar parts quickly, and the familiar parts will carry you through the frustrating weeks. That is how every one of my moves started.`,
  },
  {
    title: 'WebGPU compute for CUDA programmers',
    slug: 'webgpu-compute-for-cuda-programmers',
    summary:
      'A translation table from CUDA to WebGPU and WGSL, a parallel reduction written both ways, and the limits that will surprise you.',
    tags: ['webgpu', 'cuda', 'gpu', 'typescript'],
    createdAt: '2026-08-30T10:00:00Z',
    bodyMD: `If you know CUDA, most of WebGPU compute will feel familiar within an hour. The concepts map almost one to one; the names, the binding model and the limits are what take getting used to. This is the cheat sheet I wish I had when I started my particle simulation.

## The translation table

- A CUDA thread is an **invocation**, a block is a **workgroup**, and a grid is a **dispatch** (\`pass.dispatchWorkgroups(x, y, z)\`).
- \`threadIdx\` is \`@builtin(local_invocation_id)\`, \`blockIdx\` is \`@builtin(workgroup_id)\`, and the global index you usually compute by hand is \`@builtin(global_invocation_id)\`.
- \`__shared__\` memory is \`var<workgroup>\`, and \`__syncthreads()\` is \`workgroupBarrier()\`.
- The block size is fixed in the shader with \`@workgroup_size\`, not chosen at launch.
- There are no raw pointers to device memory. Buffers are declared in the shader and attached through bind groups.

## A reduction, WGSL style

\`\`\`wgsl
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> partials: array<f32>;

var<workgroup> scratch: array<f32, 256>;

@compute @workgroup_size(256)
fn reduce(@builtin(global_invocation_id) gid: vec3u,
          @builtin(local_invocation_id) lid: vec3u,
          @builtin(workgroup_id) wid: vec3u) {
  var v = 0.0;
  if (gid.x < arrayLength(&input)) {
    v = input[gid.x];
  }
  scratch[lid.x] = v;
  workgroupBarrier();

  for (var stride = 128u; stride > 0u; stride = stride / 2u) {
    if (lid.x < stride) {
      scratch[lid.x] += scratch[lid.x + stride];
    }
    workgroupBarrier();
  }
  if (lid.x == 0u) {
    partials[wid.x] = scratch[0];
  }
}
\`\`\`

It is the same tree reduction as the CUDA classic. One difference: WGSL checks uniformity. A \`workgroupBarrier()\` inside a branch that depends on \`lid\` is a compile error, not a silent hang, which I consider a feature.

## The limits that will surprise you

- **Small defaults.** Without asking for more, you get at most 256 invocations per workgroup and 16 KB of workgroup memory, against the 1024 threads and 48 KB a CUDA programmer assumes. Request higher limits from the adapter when the device allows them.
- **Atomics are integer only.** \`atomic<u32>\` and \`atomic<i32>\` exist; there is no \`atomicAdd\` on floats. Accumulate in fixed point or restructure as a reduction.
- **Reading results back is asynchronous.** You copy into a buffer with \`MAP_READ\` usage and \`await buffer.mapAsync(GPUMapMode.READ)\`. Do it rarely; a readback every frame stalls the pipeline.
- **Subgroups are optional.** Warp-level operations are available through the \`subgroups\` feature on some browsers and devices, but you cannot assume the subgroup size is 32.

## From TypeScript

The host side is plain TypeScript: create the pipeline once, create the bind group once, and each frame encode a compute pass and call \`dispatchWorkgroups(Math.ceil(n / 256))\`. For the full reduction, dispatch the same shader again on the partial sums until one value remains, exactly as you would with CUDA launches.`,
  },
  {
    title: 'Fixed-point arithmetic on an 8-bit AVR',
    slug: 'fixed-point-arithmetic-on-an-8-bit-avr',
    summary:
      'The ATmega328P has no floating-point unit. Scaled integers make sensor maths faster, smaller and more predictable, with a few rules to avoid overflow.',
    tags: ['arduino', 'embedded', 'cpp', 'performance'],
    createdAt: '2026-09-27T15:30:00Z',
    bodyMD: `The ATmega328P in an Arduino Uno or Nano has a hardware 8 by 8 bit multiplier and no floating-point unit at all. Every \`float\` operation is a library routine: a float division costs hundreds of cycles, and the first use of floats in a sketch pulls in kilobytes of code. On a chip with 32 KB of flash, that is worth avoiding.

The alternative is fixed point: store values as integers in a smaller unit, and keep track of the scale yourself.

## Pick the unit, not the format

The simplest fixed point is just a better unit. Instead of 23.1 degrees as a float, store 231 tenths of a degree in an \`int16_t\`. For a TMP36 temperature sensor on a 5 V reference (10 mV per degree, 500 mV at 0 °C):

\`\`\`cpp
// Returns tenths of a degree Celsius, e.g. 231 for 23.1 °C.
int16_t readTenthsC(uint8_t pin) {
  int32_t mv = ((int32_t)analogRead(pin) * 5000 + 512) >> 10;  // millivolts, rounded
  return (int16_t)(mv - 500);  // 10 mV per degree, so 1 mV is 0.1 °C
}

// Exponential moving average with alpha = 1/8.
// The state keeps 4 extra fractional bits so small changes are not lost.
int16_t emaState = 0;  // value * 16

int16_t smooth(int16_t sample) {
  emaState += ((sample << 4) - emaState) >> 3;
  return (emaState + 8) >> 4;  // round back to whole units
}
\`\`\`

The shift divides by 1024, the number of ADC steps. It is exact for non-negative values, and adding half the divisor first turns truncation into rounding.

## Rules that prevent overflow

- **Widen before multiplying.** \`analogRead(pin) * 5000\` overflows a 16-bit \`int\` (the AVR's \`int\` is 16 bits). Cast one operand to \`int32_t\` first, as above.
- **Know your ranges.** The EMA state holds up to 1023 times 16, which is 16368, comfortably inside an \`int16_t\`. Write the maximum next to every scaled variable; it is the only documentation that matters.
- **Shift right with care on negative values.** Before C++20, right-shifting a negative number is implementation-defined. avr-gcc does an arithmetic shift, but code that must be portable should divide, or keep values non-negative.
- **Scale once, at the edges.** Convert to display units only when printing or sending a value, never in the middle of a calculation, so rounding happens exactly once.

## Was it worth it?

In my greenhouse controller, removing the last floats saved about 1.8 KB of flash and made the sensor loop several times faster. The bigger benefit was predictability: every value has a known range and resolution, and there are no surprises from rounding in a format you cannot see.`,
  },
  {
    title: 'Reading an FPGA timing report without panic',
    slug: 'reading-an-fpga-timing-report-without-panic',
    summary:
      'WNS, TNS, WHS: what the numbers in a Vivado timing summary mean, how to read one failing path, and how to tell a logic problem from a routing one.',
    tags: ['fpga', 'vivado', 'timing'],
    createdAt: '2026-10-18T08:45:00Z',
    bodyMD: `The first failing timing report I opened was thousands of lines long, full of red numbers and unfamiliar abbreviations. It turns out that you need to read about twenty of those lines to know what is wrong. This is the order I read them in.

## The summary

At the top of the timing summary are four numbers:

- **WNS**, worst negative slack: how far the worst setup path misses its deadline. Positive means every setup path meets timing.
- **TNS**, total negative slack: the sum over all failing endpoints. A small WNS with a large TNS means many paths fail a little; a large WNS with a TNS of similar size means one path fails badly.
- **WHS** and **THS**, the same for hold. Hold failures are rarer and more serious: they do not go away at a lower clock speed.

Slack is simply the required time minus the arrival time. If the data must arrive by 10.0 ns and arrives at 10.4 ns, the slack is -0.4 ns.

## One failing path

Open the worst path and read it in three parts:

1. **Source clock and launch.** Where the path starts and which clock launches it.
2. **Data path.** A list of cells and nets, each with a delay. The two totals that matter are the logic delay and the route delay, and the number of logic levels.
3. **Destination clock.** The capture edge, minus clock uncertainty, plus or minus the skew between the two clock arrivals.

## Logic or routing?

- **Many logic levels, mostly logic delay:** the design asks for too much work in one cycle. Add a pipeline register, or restructure the logic.
- **Few logic levels, mostly route delay:** the cells are far apart, often because one net has a huge fanout. Replicate the driving register, or look at placement.
- **Large clock skew:** the path crosses clock regions or clocks. Check whether it should be a crossing at all.

## Commands I actually use

\`\`\`tcl
report_timing_summary -delay_type min_max -max_paths 10 -file timing.rpt
report_timing -to [get_cells adc_data_reg*] -max_paths 5
report_clock_interaction
check_timing -verbose
\`\`\`

The last two matter more than they look. \`report_clock_interaction\` shows every pair of clocks with paths between them, which is where unintended crossings show up. \`check_timing\` lists inputs and outputs without delay constraints.

## Unconstrained is worse than failing

A path without constraints is not checked at all, so it never appears as failing. On my oscilloscope project, the ADC inputs had no \`set_input_delay\`. The report was green, and the captured waveforms had random glitches. Adding the constraint turned a mystery into an ordinary failing path, which a change of input register placement then fixed. A green report only means something once \`check_timing\` is clean.`,
  },
  {
    title: 'Fast, isolated database tests with bun:test and SQLite',
    slug: 'fast-isolated-database-tests-with-bun-test-and-sqlite',
    summary:
      'A fresh database per test, built from a serialized template in microseconds, using nothing but the bun:sqlite and bun:test modules.',
    tags: ['bun', 'sqlite', 'typescript', 'testing'],
    createdAt: '2026-11-08T10:00:00Z',
    bodyMD: `Tests that share a database eventually depend on each other's leftovers, and then they fail in an order that nobody can reproduce. The cure is a fresh database for every test. With SQLite and Bun, that costs almost nothing, because both the database and the test runner are built in.

## A template, copied per test

Running all migrations before every test gets slow once there are dozens of them. Instead, build the schema once, serialize the resulting database to bytes, and deserialize a private copy for each test:

\`\`\`ts
import { Database } from 'bun:sqlite'
import { beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { migrate } from '../src/db/migrate'

let template: Uint8Array
let db: Database

beforeAll(() => {
  const base = new Database(':memory:', { strict: true })
  migrate(base)
  template = base.serialize()
  base.close()
})

beforeEach(() => {
  db = Database.deserialize(template, { strict: true })
  db.exec('PRAGMA foreign_keys = ON')
})

describe('posts', () => {
  test('slugs are unique', () => {
    const insert = db.prepare('INSERT INTO posts (slug, title) VALUES ($slug, $title)')
    insert.run({ slug: 'hello', title: 'Hello' })
    expect(() => insert.run({ slug: 'hello', title: 'Again' })).toThrow(/UNIQUE/)
  })
})
\`\`\`

A deserialized database lives entirely in memory, so each test starts from a known state in well under a millisecond, and nothing has to be cleaned up afterwards.

## Details that matter

- **Strict mode.** With \`{ strict: true }\`, named parameters can be passed without their \`$\` prefix, as above, and a missing parameter is an error instead of a silent \`NULL\`.
- **Per-connection pragmas.** \`foreign_keys\` is not stored in the database file, so it is not part of the template. Set it on every new connection, in tests exactly as in production.
- **In-memory is not WAL.** An in-memory database uses a memory journal, so tests of concurrent readers and writers, busy timeouts or checkpoints need a real file. I keep those few tests separate and give each one a file in a temporary directory.
- **Pass the database in.** The code under test takes a \`Database\` as a parameter rather than importing a global one. That single design choice is what makes this whole approach possible.

## How fast?

On a side project with about 400 database tests, moving from "run migrations per test" to "deserialize a template per test" took the database tests from about 2.1 s to 0.3 s. More useful than the speed: the tests can run in any order, and a failure always reproduces when run alone.`,
  },
]
