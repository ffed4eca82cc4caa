"""The card a player carries to the table: how it is derived (``card_derive``), how it is
checked (``card_check``), its words, its pages and the shipped list."""
