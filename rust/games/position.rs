//! The trait every game's position implements: its rules, asked one
//! position at a time.

use std::borrow::Cow;

use super::{Action, Special, Turn};
use crate::board::{Board, Point};
use crate::core::{Colour, Rng};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{OptionValue, Options};

/// A position of one game, with the rules that move it on.
///
/// Methods that take `&mut self` without changing the position do so only to
/// reuse the state's scratch buffers: no method allocates per move once the
/// caller's buffers have grown.
pub trait Position: Clone + Send + Sync + 'static {
    /// The start position for `options`.
    ///
    /// # Errors
    /// [`Error::Option`] for an unknown option or a value out of range.
    fn from_options(options: &mut Options) -> Result<Self, Error>;

    /// The game's registry name (`"sunder"`).
    fn name(&self) -> &'static str;

    /// Every option with its value, in the game's canonical order.
    fn options(&self) -> Vec<(&'static str, OptionValue)>;

    /// The shared board.
    fn board(&self) -> &'static Board;

    /// The special actions this game (with these options) has, in order.
    fn specials(&self) -> &'static [Special];

    /// Whose turn it is and how the game stands between turns.
    fn turn(&self) -> &Turn;

    /// The content of every point, in point order: [`crate::core::EMPTY`]
    /// or the stone of a colour ([`Colour::stone`]), as bytes that a loop
    /// over the whole board reads without a call a point.
    fn cells(&self) -> &[u8];

    /// The colour of the stone at `p`, or `None` for an empty point.
    fn cell(&self, p: Point) -> Option<Colour> {
        Colour::of_cell(self.cells()[p as usize])
    }

    /// The colour whose turn it is.
    fn to_move(&self) -> Colour {
        self.turn().to_move()
    }

    /// Whether the seats have exchanged colours (pie rule).
    fn swapped(&self) -> bool {
        self.turn().swapped()
    }

    /// Writes the legal actions, in increasing order, into `out` (cleared
    /// first). Empty when the game is over.
    fn legal_actions(&mut self, out: &mut Vec<Action>) {
        out.clear();
        if !self.is_terminal() {
            self.legal_actions_in_play(out);
        }
    }

    /// Writes the legal actions into `out`, as [`Position::legal_actions`]
    /// does, given `before`: the legal actions of the position, not over,
    /// that `played` led here from. A search lists the moves of each leaf
    /// it reaches this way, from those of its parent; a game whose moves
    /// follow from the ones before it derives them instead of listing them.
    fn legal_actions_after(&mut self, before: &[Action], played: Action, out: &mut Vec<Action>) {
        let _ = (before, played);
        self.legal_actions(out);
    }

    /// Appends the legal actions, in increasing order, to `out` (empty) while
    /// the game goes on: [`Position::legal_actions`] with the game's own rules.
    fn legal_actions_in_play(&mut self, out: &mut Vec<Action>);

    /// Writes into `mask`, one entry per action, whether each action is
    /// legal now (all false when the game is over). `buf` is scratch for
    /// games that list their actions to write it; a game whose legal points
    /// are its empty ones writes it from its cells, with no list and no
    /// scatter.
    fn legal_mask(&mut self, mask: &mut [bool], buf: &mut Vec<Action>) {
        mask.fill(false);
        self.legal_actions(buf);
        for &a in buf.iter() {
            mask[a as usize] = true;
        }
    }

    /// Writes into `words` (one bit per action, at bit `a % 64` of word
    /// `a / 64`; every word overwritten) which actions are legal now: the
    /// form a snapshot of the legal moves keeps. `buf` is scratch, as for
    /// [`Position::legal_mask`].
    fn legal_bits(&mut self, words: &mut [u64], buf: &mut Vec<Action>) {
        words.fill(0);
        self.legal_actions(buf);
        for &a in buf.iter() {
            words[usize::from(a) / 64] |= 1 << (a % 64);
        }
    }

    /// Why `action` (a valid index) is illegal now, or `Ok` if it is legal.
    ///
    /// # Errors
    /// The reason, as a phrase ("the point is occupied"); "the game is over"
    /// for every action of a finished game.
    fn check(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        if self.is_terminal() {
            return Err("the game is over".into());
        }
        self.check_in_play(action)
    }

    /// [`Position::check`] while the game goes on: the game's own rules.
    ///
    /// # Errors
    /// The reason, as a phrase ("the point is occupied").
    fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>>;

    /// Plays a legal action. Behaviour for an illegal one is unspecified (but
    /// never memory-unsafe): trusted callers only.
    fn apply_unchecked(&mut self, action: Action);

    /// Whether the game has ended.
    fn is_terminal(&self) -> bool {
        self.turn().is_over()
    }

    /// The winning colour of a finished game; `None` while it goes on or when
    /// it ended with no winner.
    fn winner(&self) -> Option<Colour> {
        self.turn().winner()
    }

    /// Scores per colour `[black, white]` of the position as it stands, for
    /// games that score.
    fn scores(&mut self) -> Option<[f64; 2]> {
        None
    }

    /// A uniformly random action under the playout policy of RULES.md §8:
    /// `pass` only when it is the only action, `swap` never. `None` when the
    /// game is over.
    fn random_action(&mut self, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action> {
        self.legal_actions(buf);
        let points = self.board().points() as Action;
        let pass = self.special_action(Special::Pass);
        let swap = self.special_action(Special::Swap);
        buf.retain(|&a| Some(a) != swap);
        if buf.len() > 1 || buf.first().is_some_and(|&a| a < points) {
            buf.retain(|&a| Some(a) != pass);
        }
        (!buf.is_empty()).then(|| buf[rng.below(buf.len())])
    }

    /// The names of the game's own observation planes, which follow
    /// [`crate::observation::COMMON_PLANES`] (a game adds its counters and
    /// notions here: prisoners, lifelines, a pending first-turn stone...).
    fn feature_plane_names(&self) -> &'static [&'static str] {
        &[]
    }

    /// Writes the game's own observation planes, one per
    /// [`Position::feature_plane_names`] entry, seen from `perspective` ("own"
    /// and "opponent" planes are relative to it). `planes` starts zeroed.
    /// Values are never negative (a signed count takes two planes, one per
    /// side); counts are divided by the number of points, so they stay near
    /// the 0..1 range of the common planes.
    fn feature_planes(&mut self, perspective: Colour, planes: &mut Planes<'_>) {
        let _ = (perspective, planes);
    }

    /// The number of actions: points plus special actions.
    fn num_actions(&self) -> usize {
        self.board().points() + self.specials().len()
    }

    /// The index of a special action, if this game has it.
    fn special_action(&self, special: Special) -> Option<Action> {
        let k = self.specials().iter().position(|&s| s == special)?;
        Some((self.board().points() + k) as Action)
    }

    /// The text of an action: a point name or a special action's name.
    ///
    /// # Errors
    /// [`Error::Notation`] when the index is out of range.
    fn action_text(&self, action: Action) -> Result<&'static str, Error> {
        let board = self.board();
        let points = board.points();
        match action as usize {
            a if a < points => Ok(board.name(action)),
            a => self
                .specials()
                .get(a - points)
                .map(|s| s.name())
                .ok_or_else(|| {
                    Error::Notation(format!(
                        "{a} is not an action of {} (0 to {})",
                        self.name(),
                        self.num_actions() - 1
                    ))
                }),
        }
    }

    /// Parses an action's text, case-insensitively.
    ///
    /// # Errors
    /// [`Error::Notation`] for malformed text, a point off the board, or a
    /// special action this game does not have.
    fn parse_action(&self, text: &str) -> Result<Action, Error> {
        let lower = text.to_ascii_lowercase();
        for special in [Special::Pass, Special::Swap, Special::Release] {
            if lower == special.name() {
                return self.special_action(special).ok_or_else(|| {
                    Error::Notation(format!(
                        "'{text}' is not an action of {} with these options",
                        self.name()
                    ))
                });
            }
        }
        self.board().parse_point(text)
    }

    /// Checks an action and plays it; on error the state is untouched.
    ///
    /// # Errors
    /// [`Error::Notation`] for an index out of range, [`Error::Illegal`] for
    /// an action the rules forbid now (the message names it and the reason).
    fn apply(&mut self, action: Action) -> Result<(), Error> {
        let text = self.action_text(action)?;
        self.check(action)
            .map_err(|reason| Error::Illegal(format!("{text}: {reason}")))?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// The board as `N` characters `B`, `W`, `.` in point-index order.
    fn board_string(&self) -> String {
        (0..self.board().points() as Point)
            .map(|p| super::setup::stone_char(self.cell(p)))
            .collect()
    }

    /// +1 for the winner and -1 for the loser, per colour `[black, white]`;
    /// zeros while the game goes on or when it ended with no winner.
    fn returns(&self) -> [f64; 2] {
        match self.winner() {
            Some(Colour::Black) => [1.0, -1.0],
            Some(Colour::White) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }
}
