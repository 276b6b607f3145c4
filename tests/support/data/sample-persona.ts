// Names, handles and phrases of the sample site (src/seed): a site of one's own shows none of them.

export const SAMPLE_WORDS = [
  'Rowan',
  'Castillo',
  'rowancastillo',
  'GPUs and FPGAs',
  'FPGA fabric',
  'CUDA kernels',
  'VHDL pipelines',
  'from the gate to the browser',
  'Selected work and experiments',
  'Tools and techniques',
  'MERN',
  'Solidity',
  'Arduino',
  'Tokenfolio',
  'Scopelet',
  'Tinsel',
  'Fieldbook',
  'Tidewater',
  'Lattice-Boltzmann',
]

/** The sample's words found in `text`, case-insensitively. */
export const sampleWordsIn = (text: string) => SAMPLE_WORDS.filter((w) => text.toLowerCase().includes(w.toLowerCase()))
