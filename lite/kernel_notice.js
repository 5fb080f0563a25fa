// The site's notice while Python starts in the browser (scripts/build_lite.py adds it to the pages
// that open notebooks). JupyterLab's toolbar says "Idle" long before the in-browser kernel can
// answer, so a learner who pressed Run would just wait: this says what is happening, from the
// first moment the page loads until every open notebook's kernel has answered, then goes away.
// It is a polite live region, so that a screen reader says it too, in dark text on pale yellow
// (contrast 15.7:1), fixed above JupyterLab's status bar, where it covers no control.
(function () {
  'use strict';
  // Python starts anew for each notebook opened, on a later visit too (measured in the site's
  // browser test: a second visit's kernel answers no sooner than the first's)
  const LOADING = 'Loading JupyterLab and Python in your browser: about 10 to 20 seconds.';
  const STARTING = 'Python is starting in your browser for this notebook: about 10 to 20 ' +
    'seconds. Read on meanwhile; a cell you run now waits for it, then runs.';
  const STYLE = 'position: fixed; z-index: 10000; left: 50%; bottom: 32px;' +
    ' transform: translateX(-50%); max-width: min(90vw, 640px); margin: 0;' +
    ' padding: 10px 16px; border: 2px solid #8a6d00; border-radius: 6px;' +
    ' background: #fff4c2; color: #1a1a1a; font: 16px/1.4 system-ui, sans-serif;' +
    ' box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);';

  const aside = document.createElement('aside');
  aside.className = 'nim-kernel-notice';
  aside.setAttribute('aria-label', 'Python in the browser');
  aside.setAttribute('style', STYLE);
  const text = document.createElement('p');
  text.setAttribute('role', 'status');
  text.style.margin = '0';
  text.textContent = LOADING;
  aside.appendChild(text);
  document.body.appendChild(aside);

  const starting = new Set();  // the session contexts whose kernel has not answered yet
  const watched = new WeakSet();
  let appReady = false;

  function update() {
    if (starting.size) {
      text.textContent = STARTING;
      aside.hidden = false;
    } else {
      aside.hidden = appReady;
    }
  }

  async function waitForKernel(context) {
    starting.add(context);
    update();
    try {
      await context.ready;
      const kernel = context.session && context.session.kernel;
      if (kernel) {
        await kernel.info;
      }
    } catch (error) {
      console.warn('kernel notice:', error);
    } finally {
      starting.delete(context);
      update();
    }
  }

  function watch(widget) {
    const context = widget && widget.sessionContext;
    if (!context || watched.has(context)) {
      return;
    }
    watched.add(context);
    waitForKernel(context);
    context.statusChanged.connect((_, status) => {
      if (status === 'starting' || status === 'restarting' || status === 'autorestarting') {
        if (!starting.has(context)) {
          waitForKernel(context);
        }
      }
    });
    context.disposed.connect(() => {
      starting.delete(context);
      update();
    });
  }

  function whenTheAppExists() {
    const app = window.jupyterapp;
    if (!app || !app.shell) {
      setTimeout(whenTheAppExists, 50);
      return;
    }
    app.restored.then(() => setTimeout(() => {  // room to open the notebook of the address
      appReady = true;
      update();
    }, 1000));
    app.shell.currentChanged.connect((_, change) => watch(change.newValue));
    watch(app.shell.currentWidget);
    for (const widget of app.shell.widgets('main')) {
      watch(widget);
    }
  }

  whenTheAppExists();
})();
