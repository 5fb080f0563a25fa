"""Jupyter plumbing, apart from the teaching code: nothing here is about games or search.

- ``prompt_websocket``: kernel messages sent to the browser at once (a JupyterLab and Voila
  setting).
"""
