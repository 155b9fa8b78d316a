"""Who plays: player names and their filter (`names`), teams of phones (`teams`), and the
night's table of people across games (`night`). Pure: no I/O but the names file.
"""
