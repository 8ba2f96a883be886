"""Skurling for bbcore: five-a-side on the wide zones, where the Stooge is the ball."""
