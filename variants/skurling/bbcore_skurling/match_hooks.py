"""Placeholder: filled by its own change."""

__all__: list[str] = []
