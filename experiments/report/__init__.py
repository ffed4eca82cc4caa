"""``mammoth report`` and ``mammoth demo``: result folders as one report, and the main job."""
