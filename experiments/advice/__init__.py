"""``mammoth advise``: the herd decisions of real games played out, and the advice card."""
