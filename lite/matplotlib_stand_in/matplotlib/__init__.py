"""A stand-in for matplotlib in the in-browser site, used only where the site was built without
Pyodide's own build of matplotlib (scripts/build_lite.py could not fetch it).

The plot cells of the notebooks still run to their end: every call of `matplotlib.pyplot` is taken
and does nothing, and `pyplot.show()` shows the picture stored with the notebook for that cell,
under one line that says why. The computations around the plots run as they do on a desktop.
"""

__version__ = "0+stored.pictures"
STAND_IN = True
