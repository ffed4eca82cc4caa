"""The outputs: files written atomically, run.json, plots, tables and reports."""
