"""Pure Pillow rendering: a public or seat view in, PNG bytes out."""
