"""Inducement packs for bbcore: the Blood Bowl 2020 list and the classic Boosters list."""
