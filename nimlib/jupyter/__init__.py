"""Jupyter plumbing, apart from the teaching code: nothing here is about games or search.

- ``prompt_websocket``: kernel messages sent to the browser at once (a JupyterLab and Voila
  setting).
- ``notebook_helpers``: small picture helpers that notebooks use but do not teach.
"""
