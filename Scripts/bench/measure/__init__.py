"""The measurements: each takes the run's Context and returns a Result for its figure."""
