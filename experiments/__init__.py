"""The questions users ask of the simulator: experiments, reports and the ``mammoth`` CLI."""
