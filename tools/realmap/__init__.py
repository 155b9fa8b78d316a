"""The real territory maps, built from Natural Earth data (docs/MAPS.md).

tools/build_real_map.py runs it: source.py reads and merges the admin-1 units,
recipes.py says what each map is made of, projection.py and borders.py turn the
merged units into simplified viewBox outlines with their neighbours, labels.py
places the names, and build.py assembles and writes each map file.
"""
