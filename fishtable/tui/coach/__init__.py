"""The coach: a guided first game of each title (issue 43).

One job per module, none of them Textual:

- `lessons`: the lessons file of a game (`assets/<game>/lessons.json`), read strictly;
- `teacher`: which lesson fires on the screen the learner sees now (each once, in file
  order, `after_previous` honoured), and which were reached;
- `words`: the coach's lines: the suggestion (the normal computer player's move for the
  learner's seat), the consequence of a different move, and each computer move with its reason;
- `guide`: one guided game: the three above, fed by the hot-seat flow.

The coach reads views and events like any screen: the learner's own view and the log lines
the learner may read, never another seat's hidden cards.
"""
