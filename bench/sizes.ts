/** Data sizes and run lengths: the full benchmark, and `--quick` (small, for development). */
export interface Sizes {
  quick: boolean;
  community: { profiles: number; posts: number; votesPerPost: number; projectsPerNumber: number };
  growthStages: number[];
  deepPage: number;
  latencySamples: number;
  load: { seconds: number; runs: number; warmupSeconds: number };
  indexerEvents: number;
  /** Events on the sparse chain (one per block). */
  indexerSparseEvents: number;
  webRuns: number;
}

export const fullSizes: Sizes = {
  quick: false,
  community: { profiles: 1000, posts: 10_000, votesPerPost: 5, projectsPerNumber: 250 },
  growthStages: [10_000, 100_000, 1_000_000],
  deepPage: 1000,
  latencySamples: 500,
  load: { seconds: 2, runs: 3, warmupSeconds: 1 },
  indexerEvents: 100_000,
  indexerSparseEvents: 5_000,
  webRuns: 5,
};

export const quickSizes: Sizes = {
  quick: true,
  community: { profiles: 200, posts: 1000, votesPerPost: 3, projectsPerNumber: 50 },
  growthStages: [2_000, 20_000],
  deepPage: 100,
  latencySamples: 40,
  load: { seconds: 1, runs: 1, warmupSeconds: 0.5 },
  indexerEvents: 5_000,
  indexerSparseEvents: 1_000,
  webRuns: 2,
};
