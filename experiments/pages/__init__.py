"""The published pages: their committed result folders rebuilt from their commands and their
figures written from them (``mammoth docs``)."""
