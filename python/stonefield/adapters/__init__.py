"""Adapters to the tools AI researchers already use: :mod:`.openspiel`,
:mod:`.pettingzoo` and :mod:`.gymnasium`. Each imports its optional dependency only when used and
names the extra to install when it is missing."""
