"""Gutter Bowl for bbcore: Blood Bowl on street and sewer pitches."""
