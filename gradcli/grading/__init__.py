"""Grading derivative answers: sampling, comparison, diagnoses of wrong answers, keys and rosters."""
