class NIRRenderer:
    """tinygrad's Mesa NIR renderer: never the renderer here."""
