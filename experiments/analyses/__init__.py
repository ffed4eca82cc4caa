"""The analyses: what the experiments compute, free of the command line and of output files."""
