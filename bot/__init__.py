"""Jantaku (雀卓): a Discord host for five Japanese mahjong variants."""
