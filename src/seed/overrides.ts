// Sample skill overrides: adjustments applied on top of the computed skills.
export const seedOverrides: { name: string; levelOverride: number | null; bucketOverride: string | null; hide: boolean }[] = [
  { name: 'CUDA', levelOverride: 90, bucketOverride: null, hide: false },
  { name: 'Verilog', levelOverride: null, bucketOverride: 'Languages', hide: false },
]
