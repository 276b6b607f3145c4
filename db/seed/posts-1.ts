// Sample blog posts, part 1 (September 2025 to February 2026).
import type { PostInput } from '#src/contract/post'

export const seedPosts1: PostInput[] = [
  {
    title: 'Coalesced memory access in CUDA, measured',
    slug: 'coalesced-memory-access-in-cuda-measured',
    summary:
      'Every CUDA guide says to coalesce global memory access. I measured what a stride actually costs, and why the curve flattens at stride 8.',
    tags: ['cuda', 'gpu', 'performance'],
    createdAt: '2025-09-14T09:30:00Z',
    bodyMD: `"Make your loads coalesced" is the first performance rule most people learn about CUDA, usually without numbers attached. I wanted to see the cost for myself, so I wrote the smallest kernel that could show it and ran it on an RTX 3080.

## The experiment

The kernel copies one float per thread, with a configurable distance between the elements that neighbouring threads touch:

\`\`\`cuda
__global__ void strided_copy(const float* __restrict__ in, float* __restrict__ out,
                             size_t n, int stride) {
  size_t i = (blockIdx.x * (size_t)blockDim.x + threadIdx.x) * stride;
  if (i < n) out[i] = in[i];
}
\`\`\`

I timed it with CUDA events over a 1 GiB buffer and counted only the bytes the program actually uses: 8 bytes (one read, one write) per thread.

## What came out

| Stride | Useful bandwidth |
| --- | --- |
| 1 | about 680 GB/s |
| 2 | about 345 GB/s |
| 4 | about 175 GB/s |
| 8 | about 90 GB/s |
| 32 | about 85 GB/s |

Halving, halving, halving, and then almost nothing. The shape is the interesting part.

## Why it flattens

The memory system does not move single floats. A warp's request is broken into 32-byte sectors. When 32 threads read 32 consecutive floats, that is 128 bytes, exactly 4 sectors, and every byte fetched is used.

With stride 2, the same 32 floats are spread over 256 bytes, so 8 sectors are fetched and half of every sector is wasted. Stride 4 wastes three quarters. At stride 8, each thread's float sits in its own sector, and only 4 of every 32 bytes fetched are used. From there on, a larger stride cannot make things worse in sector terms: one float per sector is already the worst case, which is why the curve flattens. (Very large strides eventually add TLB misses, but that is a different cliff.)

## Checking it with the profiler

Nsight Compute reports the sectors and requests directly, so you do not have to infer them from timings:

\`\`\`bash
ncu --metrics l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum \\
    ./strided_copy --stride 4
\`\`\`

Sectors divided by requests is 4 for a perfectly coalesced float load and 32 for the worst case. I now check this ratio before trying anything cleverer.

## The practical lesson

Most uncoalesced access in real code is not an explicit stride; it is an array of structures. If each thread reads \`particles[i].x\` from a 32-byte struct, that is a stride of 8 floats, and you are already at the worst case. Switching to a structure of arrays was the single biggest win in my lattice-Boltzmann solver, for exactly this reason.`,
  },
  {
    title: 'A UART in 80 lines of VHDL',
    slug: 'a-uart-in-80-lines-of-vhdl',
    summary:
      'A complete 8N1 serial transmitter and receiver that fits on one screen, plus the three details that make the receiver reliable.',
    tags: ['fpga', 'vhdl', 'embedded'],
    createdAt: '2025-10-05T18:00:00Z',
    readingMinutes: 6,
    bodyMD: `A UART is the "hello world" of FPGA I/O: it is the cheapest way to get text out of a design and commands into it. It is also small enough to read in one sitting, so here is the transmitter in full and the receiver in outline. Together they come to about 80 lines.

## The frame

An idle line sits high. A frame in the common 8N1 format is one start bit (low), eight data bits with the least significant bit first, and one stop bit (high). At 115200 baud, each bit lasts about 8.68 µs, which is 868 cycles of a 100 MHz clock.

## Transmitter

The trick is to load the whole frame into a 10-bit shift register and shift it out one bit period at a time:

\`\`\`vhdl
library ieee;
use ieee.std_logic_1164.all;

entity uart_tx is
  generic (CLKS_PER_BIT : positive := 868);  -- 100 MHz / 115200
  port (
    clk   : in  std_logic;
    start : in  std_logic;
    data  : in  std_logic_vector(7 downto 0);
    tx    : out std_logic;
    busy  : out std_logic
  );
end entity;

architecture rtl of uart_tx is
  signal shreg   : std_logic_vector(9 downto 0) := (others => '1');
  signal bit_cnt : natural range 0 to 10 := 0;
  signal clk_cnt : natural range 0 to CLKS_PER_BIT - 1 := 0;
begin
  tx   <= shreg(0);
  busy <= '1' when bit_cnt /= 0 else '0';

  process (clk)
  begin
    if rising_edge(clk) then
      if bit_cnt = 0 then
        if start = '1' then
          shreg   <= '1' & data & '0';  -- stop, data (LSB first), start
          bit_cnt <= 10;
          clk_cnt <= 0;
        end if;
      elsif clk_cnt = CLKS_PER_BIT - 1 then
        clk_cnt <= 0;
        shreg   <= '1' & shreg(9 downto 1);
        bit_cnt <= bit_cnt - 1;
      else
        clk_cnt <= clk_cnt + 1;
      end if;
    end if;
  end process;
end architecture;
\`\`\`

Shifting in ones means the line returns to idle by itself after the stop bit.

## Receiver

The receiver is a four-state machine (idle, start, data, stop) with the same bit counter. Three details make the difference between a receiver that works on the bench and one that works everywhere:

1. **Synchronise the input.** The \`rx\` pin is asynchronous to your clock. Pass it through two flip-flops before any logic looks at it, or you will eventually clock in a metastable value.
2. **Sample in the middle of the bit.** On the falling edge of the start bit, wait half a bit period, check that the line is still low (otherwise it was a glitch), then sample every full bit period. This tolerates a few percent of baud-rate mismatch on each side.
3. **Check the stop bit.** If the line is low where the stop bit should be, flag a framing error instead of delivering the byte. It is the only error detection 8N1 gives you.

## Testing

I simulate both halves together with GHDL: the testbench sends every byte value from the transmitter to the receiver, once with matching clocks and once with the receiver's clock 2% fast. If both runs pass, the hardware has always worked first time.`,
  },
  {
    title: 'Streaming React SSR on Bun',
    slug: 'streaming-react-ssr-on-bun',
    summary:
      'renderToReadableStream returns a web stream, and Bun serves web streams natively. The setup is short; the details around status codes and proxies are not.',
    tags: ['react', 'bun', 'typescript', 'performance'],
    createdAt: '2025-11-09T10:15:00Z',
    bodyMD: `Server rendering used to mean waiting for every piece of data before sending a single byte. With streaming, React sends the page shell immediately and fills in slow parts as their data arrives. Bun is a particularly good fit, because React's streaming API for web runtimes returns a standard \`ReadableStream\`, which is exactly what a Bun \`Response\` accepts.

## The minimal server

\`\`\`ts
import { createElement } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { App } from './App'

const isBot = (ua: string | null) => /bot|crawler|spider/i.test(ua ?? '')

Bun.serve({
  port: 3000,
  async fetch(req) {
    const url = new URL(req.url)
    try {
      const stream = await renderToReadableStream(createElement(App, { path: url.pathname }), {
        bootstrapScripts: ['/client.js'],
        onError(error) {
          console.error('render error', error)
        },
      })
      if (isBot(req.headers.get('user-agent'))) await stream.allReady
      return new Response(stream, {
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      })
    } catch {
      return new Response('Something went wrong', { status: 500 })
    }
  },
})
\`\`\`

The \`await\` resolves once the shell is ready, meaning everything outside \`<Suspense>\` boundaries. Whatever is inside a boundary streams later: React first sends the fallback, then, when the data arrives, a chunk of HTML plus a tiny inline script that swaps it into place.

## Three things that bit me

**The status code is decided early.** Once the shell has been sent, the status line and headers are gone. An error inside a Suspense boundary cannot become a 500; React renders that boundary on the client instead. If a missing record should be a 404, load it before rendering, outside any boundary.

**Crawlers want the whole page.** For bots, awaiting \`stream.allReady\` waits for every boundary before sending, so they see complete HTML. Real users keep the fast first byte.

**Proxies buffer.** Behind nginx, the stream arrived in one piece until I disabled buffering for that location (\`proxy_buffering off\`) or sent an \`X-Accel-Buffering: no\` header. Compression middleware can do the same. Test through the real proxy, not just on localhost.

## Was it worth it?

On a page whose recommendations panel calls a slow service, time to first byte dropped from about 450 ms to 40 ms, and the main content painted before the slow call finished. For pages that render from local data in a few milliseconds, streaming changes nothing measurable, and a single \`renderToString\` is simpler to reason about.`,
  },
  {
    title: 'Debouncing buttons on an Arduino without delay()',
    slug: 'debouncing-buttons-on-an-arduino-without-delay',
    summary:
      'Mechanical buttons bounce for milliseconds. Here is a small, non-blocking debouncer built on millis() that keeps the rest of your loop running.',
    tags: ['arduino', 'embedded', 'cpp'],
    createdAt: '2025-12-07T16:45:00Z',
    bodyMD: `Press a push button once and the microcontroller may see five presses. The metal contacts literally bounce, making and breaking the circuit for anything from a few hundred microseconds to 10 or 20 ms before settling. At 16 MHz, the Arduino loop sees every one of those bounces.

The usual beginner fix is \`delay(50)\` after reading the button. It works, and it also freezes everything else for 50 ms: no sensor reads, no display updates, no serial input. In a project with more than one job, that is not acceptable.

## Debounce by waiting for stability

The idea: remember when the raw reading last changed, and only accept a new state once the reading has stayed the same for a set time.

\`\`\`cpp
const uint8_t BUTTON_PIN = 2;
const unsigned long DEBOUNCE_MS = 20;

struct Debouncer {
  uint8_t pin;
  bool stable;        // last accepted state
  bool lastReading;   // last raw reading
  unsigned long lastChange;
};

Debouncer button = {BUTTON_PIN, HIGH, HIGH, 0};

// True once per press. With INPUT_PULLUP, pressed reads LOW.
bool pressed(Debouncer &b) {
  bool reading = digitalRead(b.pin);
  unsigned long now = millis();
  if (reading != b.lastReading) {
    b.lastReading = reading;
    b.lastChange = now;
  }
  if (now - b.lastChange >= DEBOUNCE_MS && reading != b.stable) {
    b.stable = reading;
    return b.stable == LOW;
  }
  return false;
}

void setup() {
  pinMode(BUTTON_PIN, INPUT_PULLUP);
  pinMode(LED_BUILTIN, OUTPUT);
}

void loop() {
  if (pressed(button)) digitalWrite(LED_BUILTIN, !digitalRead(LED_BUILTIN));
  // everything else keeps running here
}
\`\`\`

## Details worth knowing

- **The subtraction is deliberate.** \`millis()\` overflows after about 49.7 days. Because \`now - b.lastChange\` is computed in unsigned arithmetic, it still gives the right elapsed time across the overflow. Writing \`now >= b.lastChange + DEBOUNCE_MS\` instead breaks once every seven weeks.
- **Use the internal pull-up.** \`INPUT_PULLUP\` with the button to ground means no external resistor and a defined level when the button is open. A floating input will produce phantom presses that no debouncer can fix.
- **Pick the time by measuring.** 20 ms covers most tactile switches. Cheap or worn switches can bounce longer; a scope or even a logic analyser will tell you in seconds.
- **Interrupts do not avoid bouncing.** A pin-change interrupt fires on every bounce. If you need the wake-up of an interrupt, use it only to note that something happened and debounce in the main loop.

For several buttons, make an array of \`Debouncer\` and call \`pressed\` for each one every loop. The cost is a few microseconds per button, and nothing else in the program ever waits.`,
  },
  {
    title: 'What SQLite WAL mode actually guarantees',
    slug: 'what-sqlite-wal-mode-actually-guarantees',
    summary:
      'WAL mode is the first thing everyone turns on. Here is what it does and does not promise about concurrency, durability and backups.',
    tags: ['sqlite', 'databases', 'performance'],
    createdAt: '2026-01-18T08:00:00Z',
    readingMinutes: 7,
    bodyMD: `"Turn on WAL" is standard advice for any application using SQLite, and it is good advice. But I have seen it treated as a general "make SQLite concurrent" switch, which it is not. These are the guarantees as I understand them from the documentation and from running it in production.

## Readers and the writer stop blocking each other

In the default rollback-journal mode, a committing writer needs exclusive access to the database file, so readers wait. In WAL mode, a commit appends pages to a separate \`-wal\` file, and readers keep reading the main file plus the parts of the WAL they are allowed to see. Readers do not block the writer and the writer does not block readers.

There is still **one writer at a time**. Two connections that both want to write will queue, and the second one gets \`SQLITE_BUSY\` if it waits longer than its busy timeout.

## Every read transaction sees a snapshot

When a read transaction starts, it records how far into the WAL it may look. Commits that happen afterwards are invisible to it until it ends. That gives you consistent reads for free, but it has a sharp edge: if a transaction started with a read and later tries to write, and someone else committed in between, the write fails with \`SQLITE_BUSY_SNAPSHOT\`. The busy timeout does not help, because waiting cannot fix a stale snapshot. Start transactions that will write with \`BEGIN IMMEDIATE\`.

## Durability depends on synchronous

\`\`\`sql
PRAGMA journal_mode = WAL;      -- persistent: stored in the database file
PRAGMA synchronous = NORMAL;    -- per connection: set it every time you open
PRAGMA busy_timeout = 5000;
\`\`\`

With \`synchronous = FULL\`, the WAL is synced on every commit, and a committed transaction survives a power cut. With \`NORMAL\`, the WAL is synced only at checkpoints: a commit survives an application crash, but the most recent commits can roll back after a power loss or an operating system crash. In both cases the database is never corrupted. For most applications, \`NORMAL\` in WAL mode is the right trade, and it is much faster.

## The WAL needs checkpoints to shrink

Committed pages are copied back into the main file by a checkpoint, which runs automatically when the WAL reaches about 1000 pages. A checkpoint cannot copy past the snapshot of the oldest active reader. A reader that never finishes (a forgotten open cursor, a long report) stops checkpoints and lets the WAL grow without limit. If your \`-wal\` file is gigabytes, look for that reader first.

## Files and machines

WAL mode uses a shared-memory index in the \`-shm\` file, so every process accessing the database must be on the same host. It does not work over a network file system.

## Backups

Copying only the main database file while the application is running can miss committed data that is still in the WAL. Use SQLite itself:

\`\`\`bash
sqlite3 app.db ".backup 'app-backup.db'"
# or, producing a compact copy:
sqlite3 app.db "VACUUM INTO 'app-backup.db'"
\`\`\`

Both produce a consistent snapshot while the application keeps writing.`,
  },
  {
    title: 'Reading a Solidity gas report',
    slug: 'reading-a-solidity-gas-report',
    summary:
      'The gas reporter prints min, max and average per method. Understanding why they differ tells you more than the numbers themselves.',
    tags: ['solidity', 'ethereum', 'performance'],
    createdAt: '2026-02-22T12:30:00Z',
    bodyMD: `The first time I ran the gas reporter on my token contracts, I got a neat table and no idea what to do with it. After a few rounds of optimisation, I read it very differently. This is what I look at now.

## Getting the report

With the \`hardhat-gas-reporter\` plugin installed, the report is printed after the test run:

\`\`\`bash
REPORT_GAS=true npx hardhat test
\`\`\`

For each contract method called during the tests, it shows the minimum, maximum and average gas used and the number of calls, followed by the gas used to deploy each contract.

## The averages describe your tests, not your users

The average is taken over whatever your tests happened to call. If your test suite transfers to fresh addresses ten times and to existing holders once, the average reflects that mix, not real traffic. Treat min and max as the interesting columns, and explain the gap between them.

## Why transfer has two prices

For an ERC-20 \`transfer\`, the minimum and maximum are usually about 17,000 gas apart. The difference is storage:

- Every transaction pays a base 21,000 gas before any code runs.
- Writing a storage slot that was zero to a non-zero value costs 20,000 gas, plus 2,100 the first time the slot is touched in the transaction.
- Changing a non-zero slot to another non-zero value costs 2,900, plus the same 2,100 for a cold slot.

A transfer to an address that has never held the token turns the recipient's balance from zero to non-zero. A transfer to an existing holder only updates it. In my contracts, that was 51,612 against 34,712 gas.

## What actually moved the numbers

\`\`\`solidity
// Before: three slots
bool public paused;
uint256 public cap;
address public owner;

// After: paused and owner share one slot (20 + 1 bytes)
address public owner;
bool public paused;
uint256 public cap;
\`\`\`

- **Packing storage.** Values smaller than 32 bytes declared next to each other share a slot. Reading \`owner\` and \`paused\` together now costs one cold access instead of two.
- **Custom errors instead of revert strings.** \`error InsufficientBalance(uint256 available)\` is cheaper to deploy than a string, and cheaper when it reverts.
- **Not chasing arithmetic.** Wrapping a loop counter in \`unchecked\` saves a little per iteration. It mattered far less than a single storage write.

## Deployment gas is a separate budget

The deployment rows are paid once, by you. Method costs are paid on every call, by your users. When the two conflict, such as inlining code that makes the contract bigger but each call cheaper, I favour the users.`,
  },
  {
    title: 'Metastability and the two-flop synchronizer',
    slug: 'metastability-and-the-two-flop-synchronizer',
    summary:
      'Why every asynchronous input needs two flip-flops before it touches your logic, and why that trick only works for single bits.',
    tags: ['fpga', 'verilog', 'vhdl'],
    createdAt: '2026-03-14T09:30:00Z',
    bodyMD: `Sooner or later, every FPGA design has a signal that comes from outside its clock domain: a button, a UART line, a flag from logic running on another clock. Handling it takes two lines of HDL. Understanding why takes a little longer.

## What goes wrong

A flip-flop promises a clean output only if its input is stable for a short window around the clock edge, the setup and hold time. An asynchronous signal will, sooner or later, change inside that window. The flip-flop can then go metastable: its output hovers between 0 and 1 for an unpredictable time before falling one way or the other.

The settling time is not bounded, but it is very likely to be short. The probability that a flip-flop is still undecided after a time t falls exponentially with t. That is the key to the fix.

## The fix: give it time

\`\`\`verilog
module sync2 (
  input  wire clk,
  input  wire async_in,
  output wire sync_out
);
  (* ASYNC_REG = "TRUE" *) reg [1:0] ff = 2'b00;
  always @(posedge clk) ff <= {ff[0], async_in};
  assign sync_out = ff[1];
endmodule
\`\`\`

The first flip-flop may go metastable. The second samples it a full clock period later, by which time the first has almost certainly settled. Because the failure probability falls exponentially, one extra period takes the mean time between failures from seconds to far longer than the age of the universe at typical clock rates. Very fast clocks sometimes use three stages.

The \`ASYNC_REG\` attribute tells Vivado that these registers are a synchronizer: it places them close together so almost the whole period is available for settling, and it keeps them out of optimisations that would merge or retime them.

## Rules that keep it working

- **No logic before the first flop.** Combinational logic from another domain can glitch, and the synchronizer will faithfully capture the glitch.
- **One bit at a time.** Synchronizing each bit of a bus separately does not work: different bits can settle on different edges, and for one cycle you read a value that never existed. For counters, convert to Gray code first, so only one bit changes per step. For arbitrary data, use a handshake or an asynchronous FIFO.
- **Pulses can vanish.** A one-cycle pulse from a faster clock may fall entirely between two edges of the slower clock. Convert it to a toggle in the source domain, synchronize the toggle, and detect its edges on the other side.
- **Constrain the crossing.** Tell the timing tools the path is asynchronous (a false path or a max-delay constraint) so they do not report meaningless violations, or worse, hide real ones among them.

The same pattern, in VHDL, is two signals in one clocked process. Whatever the language, I keep it as a named module, so every crossing in a design can be found with a search.`,
  },
  {
    title: 'Mongo indexes for a MERN app',
    slug: 'mongo-indexes-for-a-mern-app',
    summary:
      'How one compound index, ordered by the equality-sort-range rule, took our slowest dashboard query from 900 ms to 12 ms.',
    tags: ['mongo', 'mern', 'node', 'performance'],
    createdAt: '2026-04-11T14:00:00Z',
    bodyMD: `Fieldbook, the field-service app I work on, has an office dashboard that lists open jobs by priority for a date range. With 20,000 jobs in the collection it took almost a second to load. It had an index. It was just the wrong one.

## The query

\`\`\`js
db.jobs
  .find({ status: 'open', scheduledAt: { $gte: from, $lt: to } })
  .sort({ priority: -1 })
  .limit(50)
\`\`\`

The existing index was \`{ status: 1, scheduledAt: 1, priority: -1 }\`, which looks reasonable: it lists every field the query uses.

## What explain said

\`\`\`js
db.jobs.find(/* same query */).sort({ priority: -1 }).explain('executionStats')
\`\`\`

Three things in the output matter:

- \`totalKeysExamined\` and \`totalDocsExamined\`, compared with \`nReturned\`. Ideally they are close.
- A \`SORT\` stage in the winning plan. That means MongoDB is sorting in memory.
- \`executionTimeMillis\`, for a before and after.

We examined about 6,000 keys to return 50 documents, and there was a \`SORT\` stage. Because the range on \`scheduledAt\` comes before \`priority\` in the index, the matching keys are ordered by date, not by priority, so MongoDB had to collect all of them and sort before it could apply the limit.

## The equality, sort, range rule

Order compound index fields as:

1. **Equality** fields first (\`status\`), so the index jumps straight to the matching range.
2. **Sort** fields next (\`priority\`), so entries come out already in the requested order.
3. **Range** fields last (\`scheduledAt\`), filtered while walking the index.

\`\`\`js
jobSchema.index({ status: 1, priority: -1, scheduledAt: 1 })
\`\`\`

With this index, the plan had no \`SORT\` stage: MongoDB walks the keys in priority order, skips entries outside the date range, and stops after 50 matches. Keys examined dropped to a few hundred and the query to 12 ms.

## A few habits that stuck

- **Declare indexes in the Mongoose schema, build them deliberately.** We turn off \`autoIndex\` in production and create indexes from a migration script, so a deploy never starts an unexpected index build on a busy collection.
- **Check the plan in CI.** One test runs the dashboard query with \`explain\` against seeded data and fails if a \`SORT\` stage appears. It has caught two regressions already.
- **Delete unused indexes.** Every index slows writes. The \`$indexStats\` aggregation shows how often each index has been used since the server started.

None of this is specific to the MERN stack, but in a Node.js app it is easy to treat the database as a black box behind Mongoose. The explain output is where the black box opens.`,
  },
]
