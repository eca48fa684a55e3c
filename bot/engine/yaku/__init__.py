"""Yaku: one small class per yaku, a registry, and per-variant tables of their values."""
