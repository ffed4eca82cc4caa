"""``mammoth derive-card``: the card whose table is hardest to exploit, for your tiles and table."""
