//! Solvers: retrograde analysis for sequential games (values, remoteness, Grundy, chance).
