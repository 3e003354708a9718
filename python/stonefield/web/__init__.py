"""Play and study in the browser: ``stonefield serve`` starts a local web
app, a page over a JSON API over the same ``State``, bots and pictures as
the rest of the package. It needs the ``web`` extra
(``pip install 'stonefield[web]'``: FastAPI and uvicorn); the rest of the
package never imports it.

- :mod:`stonefield.web.app`: the FastAPI app (:func:`~stonefield.web.app.create_app`);
- :mod:`stonefield.web.models`: the API's requests and answers;
- :mod:`stonefield.web.games`: the games in memory and the server's limits;
- :mod:`stonefield.web.views`: answers made from a state;
- :mod:`stonefield.web.players`: the bots a page can seat;
- :mod:`stonefield.web.server`: ``stonefield serve``;
- ``static/``: the page, in plain HTML, CSS and JavaScript.
"""
