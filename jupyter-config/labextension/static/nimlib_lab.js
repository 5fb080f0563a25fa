// What the notebooks need of JupyterLab beyond its settings. JupyterLab loads this file as a
// prebuilt extension of its own (package.json beside it; jupyter-config installs it), and the
// JupyterLite site's pages load it as a script (scripts/build_lite.py).
//
// Names for the controls ipywidgets draws without one. A slider's handle (noUiSlider's, role
// "slider") takes the words of its widget's description, or "slider"; the Play widget's buttons,
// which show an icon alone, take the words of their icon (Play, Pause, Stop, Repeat). A screen
// reader then says what each control is, and axe-core finds none unnamed. Names the widget gives
// itself are kept; a Play button's name follows its icon (Play, then Pause while it plays). A
// handle's value in words (aria-valuetext) is its readout: a selection slider's handle says
// "100" playouts, not its place in the list, 3.
//
// Code and printed text at 12.5 px, not JupyterLab's 13: the notebooks' lines of 74 characters
// then fit beside the file browser on a 1024 px screen also where the browser's scrollbar takes
// room (Chrome on Linux: 15 px, two characters at 13 px, and those lines wrapped). A size set in
// JupyterLab's theme settings (Settings, Theme, code font size) wins, and 12.5 px comes back when
// it is taken away.
(function () {
  'use strict';
  const ICONS = {'fa-play': 'Play', 'fa-pause': 'Pause', 'fa-stop': 'Stop', 'fa-retweet': 'Repeat',
    'fa-repeat': 'Repeat'};

  function nameHandles(root) {
    for (const handle of root.querySelectorAll('.noUi-handle[role="slider"]:not([aria-label])')) {
      const widget = handle.closest('.widget-slider, .jupyter-widget-slider, .widget-hslider,' +
        ' .widget-vslider') || handle.closest('.widget-inline-hbox, .widget-inline-vbox');
      const label = widget && widget.querySelector('.widget-label, label');
      const words = label && label.textContent.trim();
      handle.setAttribute('aria-label', words || 'slider');
    }
    for (const handle of root.querySelectorAll('.noUi-handle[role="slider"]')) {
      const widget = handle.closest('.widget-inline-hbox, .widget-inline-vbox');
      const readout = widget && widget.querySelector('.widget-readout');
      const words = readout && readout.textContent.trim();
      if (words && handle.getAttribute('aria-valuetext') !== words) {
        handle.setAttribute('aria-valuetext', words);
      }
    }
  }

  function nameButtons(root) {
    const ours = '.widget-play button:not([aria-label]), .widget-play button[data-nim-named]';
    for (const button of root.querySelectorAll(ours)) {
      if (button.textContent.trim() || button.getAttribute('title')) {
        continue;
      }
      const icon = button.querySelector('i, span');
      const kind = icon && Object.keys(ICONS).find(name => icon.classList.contains(name));
      const name = kind ? ICONS[kind] : 'Play control';
      if (button.getAttribute('aria-label') !== name) {
        button.setAttribute('aria-label', name);
      }
      button.dataset.nimNamed = '';
    }
  }

  function nameAll() {
    nameHandles(document);
    nameButtons(document);
  }

  function smallerCode() {  // a rule above the theme's, under the inline size its settings set
    const style = document.createElement('style');
    style.textContent = 'html:root { --jp-code-font-size: 12.5px; }';
    document.head.appendChild(style);
  }

  let started = false;
  function start() {  // once: name what is there, then whatever appears
    if (started) {
      return;
    }
    started = true;
    smallerCode();
    let pending = false;
    new MutationObserver(() => {
      if (!pending) {
        pending = true;
        requestAnimationFrame(() => {
          pending = false;
          nameAll();
        });
      }
    }).observe(document.body, {childList: true, subtree: true, attributes: true,
      attributeFilter: ['class', 'aria-valuetext']});  // a Play icon swapped, a handle moved
    nameAll();
  }

  // The container of a prebuilt JupyterLab extension, written by hand (no build step): JupyterLab
  // asks it for './extension' and activates the plugin in it.
  const plugin = {id: 'nimlib-lab:plugin', autoStart: true, activate: start,
    description: 'Names for the controls ipywidgets draws without one; code at 12.5 px.'};
  (window._JUPYTERLAB = window._JUPYTERLAB || {})['nimlib-lab'] = {
    init: () => Promise.resolve(),
    get: () => Promise.resolve(() => ({__esModule: true, default: plugin})),
  };
  start();
})();
