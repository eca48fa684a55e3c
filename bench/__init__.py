"""Side-by-side benchmarks, run on demand (never part of the default test run)."""
