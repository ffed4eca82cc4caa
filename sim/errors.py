"""The one exception type for bad input from a user."""


class InputError(ValueError):
    """Bad input from a user: reported as one line with exit code 2 by the CLI."""
