// Sample skill lexicon. A skill matches a project when one of its patterns appears (case-insensitive,
// whole words) in the project's title, summary or body, or strongly when the project carries one of its tag hints.
export type LexiconSeed = { name: string; bucket: string; patterns: string[]; tagHints: string[] }

export const seedLexicon: LexiconSeed[] = [
  // Languages
  { name: 'TypeScript', bucket: 'Languages', patterns: ['typescript', 'tsx'], tagHints: ['TypeScript'] },
  { name: 'C++', bucket: 'Languages', patterns: ['c++', 'cpp', 'c++17', 'c++20'], tagHints: ['C++'] },
  { name: 'Rust', bucket: 'Languages', patterns: ['rust', 'cargo', 'borrow checker'], tagHints: ['Rust'] },
  { name: 'Python', bucket: 'Languages', patterns: ['python', 'numpy', 'pyqtgraph'], tagHints: ['Python'] },

  // Frontend
  { name: 'React', bucket: 'Frontend', patterns: ['react', 'jsx', 'react hooks'], tagHints: ['React'] },
  { name: 'Tailwind CSS', bucket: 'Frontend', patterns: ['tailwind', 'tailwind css'], tagHints: ['Tailwind'] },

  // Backend
  { name: 'Node', bucket: 'Backend', patterns: ['node.js', 'nodejs', 'express'], tagHints: ['Node', 'Express'] },
  { name: 'MERN', bucket: 'Backend', patterns: ['mern', 'mern stack'], tagHints: ['MERN'] },
  { name: 'Bun', bucket: 'Backend', patterns: ['bun', 'bun:sqlite'], tagHints: ['Bun'] },

  // Data
  { name: 'Mongo', bucket: 'Data', patterns: ['mongo', 'mongodb', 'mongoose'], tagHints: ['Mongo', 'MongoDB'] },
  { name: 'SQLite', bucket: 'Data', patterns: ['sqlite', 'wal mode'], tagHints: ['SQLite'] },
  { name: 'PostgreSQL', bucket: 'Data', patterns: ['postgres', 'postgresql'], tagHints: ['PostgreSQL', 'Postgres'] },

  // Hardware
  { name: 'FPGA', bucket: 'Hardware', patterns: ['fpga', 'fpgas', 'bitstream', 'block ram'], tagHints: ['FPGA'] },
  { name: 'VHDL', bucket: 'Hardware', patterns: ['vhdl', 'ghdl'], tagHints: ['VHDL'] },
  { name: 'Verilog', bucket: 'Hardware', patterns: ['verilog', 'systemverilog', 'verilator'], tagHints: ['Verilog', 'SystemVerilog'] },
  { name: 'Arduino', bucket: 'Hardware', patterns: ['arduino', 'atmega328p', 'avr'], tagHints: ['Arduino'] },
  { name: 'KiCad', bucket: 'Hardware', patterns: ['kicad', 'pcb'], tagHints: ['KiCad', 'PCB'] },
  { name: 'Embedded Systems', bucket: 'Hardware', patterns: ['firmware', 'microcontroller', 'watchdog'], tagHints: ['Embedded'] },

  // GPU
  { name: 'CUDA', bucket: 'GPU', patterns: ['cuda', 'nsight compute', 'nvcc'], tagHints: ['CUDA'] },
  { name: 'WebGPU', bucket: 'GPU', patterns: ['webgpu', 'wgsl', 'compute shader', 'compute shaders'], tagHints: ['WebGPU', 'WGSL'] },

  // Blockchain
  { name: 'Solidity', bucket: 'Blockchain', patterns: ['solidity', 'erc-20', 'erc20', 'smart contract'], tagHints: ['Solidity'] },
  { name: 'Ethereum', bucket: 'Blockchain', patterns: ['ethereum', 'evm', 'ethers.js'], tagHints: ['Ethereum'] },
  { name: 'Hardhat', bucket: 'Blockchain', patterns: ['hardhat'], tagHints: ['Hardhat'] },

  // Tooling
  { name: 'Docker', bucket: 'Tooling', patterns: ['docker', 'docker compose'], tagHints: ['Docker'] },
  { name: 'Linux', bucket: 'Tooling', patterns: ['linux', 'systemd', 'raspberry pi'], tagHints: ['Linux'] },
  { name: 'Git', bucket: 'Tooling', patterns: ['git', 'git bisect'], tagHints: ['Git'] },
]
