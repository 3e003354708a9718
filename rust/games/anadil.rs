//! Anadil (RULES.md §5): on a square board, place a stone, then smothered
//! enemy groups and then smothered friendly groups go to the prison; or
//! release an enemy stone from the prison. A player with no legal action
//! loses.
//!
//! Which groups are smothered is kept up to date move by move on the board
//! as it stands (see `regions`): regions and supergroups keep their ids
//! between moves, a placement or removal changes only the components it
//! touches, counts again only the regions whose reaching supergroups a
//! local look cannot tell, and judges again only the groups that lost or
//! gained a breath or have one in a region whose obstruction changed. While
//! every group lives, a local look may prove a placement quiet (only its
//! region and supergroup change) or a lone stone that smothers only itself
//! (the board stays); a stone that may still go alone is placed after saving
//! the description, which is restored if it does.
//!
//! Most placements are legal without looking: only the repetition and
//! counter-annihilation rulings forbid a placement on an empty point, and a
//! cheap filter (`Repeat`, the protected point) names the few turns on which
//! they can. The counter-annihilation ruling needs no resolution: the mover
//! has no stone then, so a placement takes the protected group exactly when
//! it lands in the one region holding all that group's breaths
//! (`takes_protected`). Otherwise the placement is resolved on a copy of the
//! description (`spare`) and the resulting board's Zobrist hash compared
//! with the mover's previous board, confirming on a match; a legal result is
//! kept so that playing it does not resolve it again, and an illegal one is
//! remembered for the turn. A player with no stone, whose placements often
//! repeat, has what serves them all found once per turn
//! (`judge_lone_placement`). The teaching views (a group's breaths, the
//! smothered stones, how a game ended) live in `views`.

mod regions;
mod setup;
mod views;
mod zobrist;

pub use views::Ending;

use std::borrow::Cow;

use super::{Action, Position, Turn};
use crate::board::{Board, Point, NO_POINT};
use crate::core::{Colour, PointList, Rng, EMPTY};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{OptionKind, OptionSpec, OptionValue, Options};
use regions::{Breaths, Regions};

/// Verdict codes kept per point for the current turn (`verdicts`).
const COUNTER: u32 = 1;
const REPEAT: u32 = 2;
/// Known legal without resolving it (see `Anadil::judge_lone_placement`).
const CLEAR: u32 = 3;
const COUNTER_REASON: &str = "it would counter-annihilate";
const REPEAT_REASON: &str = "the board would repeat your previous turn";

/// Which placements could leave the board as it was at the end of the
/// mover's previous turn, judged from what the opponent's turn changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Repeat {
    /// None can: the opponent's turn took away stones a placement cannot
    /// bring back, or the mover has had no turn yet.
    Never,
    /// Only a placement on this point (the mover's one stone the opponent
    /// removed) can.
    Only(Point),
    /// Any placement that removes what the opponent's turn added can.
    Any,
}

/// For a mover with no stone, which placements can repeat the mover's
/// previous board by taking what the opponent's turn added (see
/// `Anadil::judge_lone_placement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lone {
    /// None can.
    Clear,
    /// Those in the region with this id: it holds every breath of `added`,
    /// and no other enemy group has all its breaths there.
    In(usize),
    /// Those smothering exactly the stones `added` stands for: `breathless`
    /// enemy stones go with any placement, and those counted per region by
    /// `Regions::single_region_groups` with a placement there.
    Enclosing { breathless: usize },
}

/// What `Anadil::judge_lone_placement` found for one turn. It leans on
/// caches in the work space of the descriptions, which a copy does not take,
/// so a copy starts afresh.
#[derive(Debug)]
struct LoneTurn {
    /// `plies + 1` once `lone` describes this turn.
    judged: u32,
    lone: Lone,
    /// `plies + 1` while the mover's previous board is ready (on `spare`
    /// when `added` is set) with its contacts counted afresh.
    before_ready: u32,
}

impl LoneTurn {
    const AFRESH: LoneTurn = LoneTurn {
        judged: 0,
        lone: Lone::Clear,
        before_ready: 0,
    };
}

impl Clone for LoneTurn {
    fn clone(&self) -> Self {
        LoneTurn::AFRESH
    }
}

/// An Anadil position.
#[derive(Debug)]
pub struct Anadil {
    board: &'static Board,
    keys: &'static [[u64; 2]],
    komi: i64,
    cells: Vec<u8>,
    turn: Turn,
    /// The prison as a signed count: `+k` holds k black stones, `-k` k white.
    prison: i64,
    /// The stone the no-counter-annihilation ruling protects, or `NO_POINT`.
    protected: Point,
    /// Where the breaths of the protected stone's group lie, while there is
    /// one (see `Anadil::takes_protected`).
    protected_breaths: Breaths,
    /// Stones on the board per colour.
    stones: [usize; 2],
    /// The Zobrist hash of `cells`.
    hash: u64,
    /// Per colour: the hash of the board at the end of its previous turn
    /// (`None` before its first turn), and that board, to confirm a match.
    previous: [Option<u64>; 2],
    previous_cells: [Vec<u8>; 2],
    repeat: Repeat,
    /// With `Repeat::Any`: the stone the opponent's turn added, or `NO_POINT`.
    added: Point,
    /// Up to two regions holding a free breath of `added` (see
    /// `Anadil::keeps_added`), `usize::MAX` past them.
    added_free: [usize; 2],
    /// What `judge_lone_placement` found on this turn.
    lone_turn: LoneTurn,
    /// The open points (here every empty point).
    open: PointList,
    /// Which groups are smothered on `cells`, kept up to date move by move.
    /// Boxed: it is large and a state sits in `AnyPosition` beside smaller games.
    regions: Box<Regions>,
    /// A copy of `regions` to resolve a placement on and take it back; after
    /// `check` found a placement legal, the board after it (see `resolved`).
    spare: Box<Regions>,
    /// The stones the last resolved placement removes: enemy stones first
    /// (`enemy_removed` of them), then friendly ones.
    removed: Vec<Point>,
    enemy_removed: usize,
    /// The placement `check` last found legal, and the ply it was checked at:
    /// `removed` still holds its removals and `spare` the board after it.
    resolved: Option<(Point, u32)>,
    /// Per point: `(plies + 1) << 2 | code` when a placement there was found
    /// illegal on this turn, so it is not resolved again.
    verdicts: Vec<u32>,
}

crate::core::clone_by_fields!(Anadil {
    board,
    keys,
    komi,
    cells,
    turn,
    prison,
    protected,
    protected_breaths,
    stones,
    hash,
    previous,
    previous_cells,
    repeat,
    added,
    added_free,
    lone_turn,
    open,
    regions,
    spare,
    removed,
    enemy_removed,
    resolved,
    verdicts
});

impl Anadil {
    /// The komi: black stones in the prison at the start.
    pub fn komi(&self) -> i64 {
        self.komi
    }

    /// The prison as a signed count: `+k` holds k black stones, `-k` k white.
    pub fn prison(&self) -> i64 {
        self.prison
    }

    /// The stone the no-counter-annihilation ruling protects on this turn.
    pub fn protected_point(&self) -> Option<Point> {
        (self.protected != NO_POINT).then_some(self.protected)
    }

    /// Start: two black stones on `a1` and the opposite corner, two white
    /// stones on the other corners, `komi` black stones in the prison, Black
    /// to move.
    fn start(&mut self) {
        let n = self.board.side() as i32;
        for (c, r, colour) in [
            (1, 1, Colour::Black),
            (n, n, Colour::Black),
            (n, 1, Colour::White),
            (1, n, Colour::White),
        ] {
            let p = self.board.at(c, r).expect("corners are on the board");
            self.cells[p as usize] = colour.stone();
            self.hash ^= self.keys[p as usize][colour.index()];
            self.stones[colour.index()] += 1;
            self.open.remove(p);
        }
        self.prison = self.komi;
        self.regions.rebuild(&self.cells);
    }

    /// Placement: puts a stone of the mover on empty `p`, then removes every
    /// smothered enemy group (judged once on the board after placing), then,
    /// on the board after that, every smothered friendly group. Changes only
    /// `cells`, `hash`, `removed` and `regions`; [`Anadil::take_back`] undoes
    /// the first three.
    fn place_and_remove(&mut self, p: Point) {
        let mover = self.turn.to_move();
        let enemy = mover.opponent();
        self.cells[p as usize] = mover.stone();
        self.hash ^= self.keys[p as usize][mover.index()];
        self.removed.clear();
        self.enemy_removed = 0;
        if self.regions.all_alive() {
            if self.regions.place_quietly(p, mover) {
                return;
            }
            if self.regions.smothers_itself_only(p, mover) {
                // The stone goes alone: the board is as it was.
                self.cells[p as usize] = EMPTY;
                self.hash ^= self.keys[p as usize][mover.index()];
                self.removed.push(p);
                return;
            }
        }
        let may_go_alone = self.regions.may_go_alone(p, mover);
        if may_go_alone {
            self.regions.save();
        }
        self.regions.place(p, mover);
        self.regions.smothered(enemy, &mut self.removed);
        self.enemy_removed = self.removed.len();
        if self.enemy_removed > 0 {
            for &r in &self.removed {
                self.cells[r as usize] = EMPTY;
                self.hash ^= self.keys[r as usize][enemy.index()];
            }
            self.regions.remove(&self.removed, enemy);
        }
        self.regions.smothered(mover, &mut self.removed);
        let friendly = &self.removed[self.enemy_removed..];
        if may_go_alone && self.removed == [p] {
            // The stone goes alone: the board is as it was.
            self.regions.restore();
            self.cells[p as usize] = EMPTY;
            self.hash ^= self.keys[p as usize][mover.index()];
            return;
        }
        if !friendly.is_empty() {
            for &r in friendly {
                self.cells[r as usize] = EMPTY;
                self.hash ^= self.keys[r as usize][mover.index()];
            }
            self.regions.remove(friendly, mover);
        }
    }

    /// Undoes [`Anadil::place_and_remove`] at `p` on `cells` and `hash`.
    fn take_back(&mut self, p: Point) {
        let mover = self.turn.to_move();
        let enemy = mover.opponent();
        for (i, &r) in self.removed.iter().enumerate() {
            let colour = if i < self.enemy_removed { enemy } else { mover };
            self.cells[r as usize] = colour.stone();
            self.hash ^= self.keys[r as usize][colour.index()];
        }
        self.cells[p as usize] = EMPTY;
        self.hash ^= self.keys[p as usize][mover.index()];
    }

    /// Redoes the placement at `p` that `check` resolved, from `removed` and
    /// `spare`.
    fn redo(&mut self, p: Point) {
        self.regions.swap_board(&mut self.spare);
        let mover = self.turn.to_move();
        let enemy = mover.opponent();
        self.cells[p as usize] = mover.stone();
        self.hash ^= self.keys[p as usize][mover.index()];
        for (i, &r) in self.removed.iter().enumerate() {
            let colour = if i < self.enemy_removed { enemy } else { mover };
            self.cells[r as usize] = EMPTY;
            self.hash ^= self.keys[r as usize][colour.index()];
        }
    }

    /// Ruling (prison): removed stones go to the prison and, after every
    /// turn, pairs of opposite colours cancel, so between turns the prison
    /// holds one colour only: a signed count, `+k` for k black stones.
    fn imprison(&mut self, black: usize, white: usize) {
        self.prison += black as i64 - white as i64;
    }

    /// Ruling (repetition): a turn (placement or release) is illegal when the
    /// board at its end (stones only, not the prison) equals the board at the
    /// end of the same player's previous turn; a player's first turn has
    /// nothing to compare with. Tested on the board as it stands (after the
    /// turn was resolved in place): hashes first, the boards only on a match.
    fn repeats(&self, colour: Colour) -> bool {
        self.previous[colour.index()] == Some(self.hash)
            && self.cells == self.previous_cells[colour.index()]
    }

    /// Ruling (no counter-annihilation): if the opponent's previous turn was a
    /// placement that removed every stone of the mover's (who had at least
    /// one), the mover's placement may not smother and remove the enemy group
    /// holding the opponent's last placed stone (`protected`, unset when that
    /// stone was removed in its own turn). Tested on the board after the
    /// placement was resolved in place: only the enemy removal can empty it.
    fn counter_annihilates(&self) -> bool {
        self.protected != NO_POINT && self.cells[self.protected as usize] == EMPTY
    }

    /// Whether a placement on empty `p` removes the protected stone's group.
    ///
    /// The mover has no stone (the opponent's last turn removed them all),
    /// so before `p` no region is reached by a supergroup of the mover's and
    /// every enemy breath is free. A lone stone on `p` reaches exactly the
    /// pieces of `p`'s region, each once, so it obstructs the breaths there
    /// and no other: an enemy group is smothered exactly when all its
    /// breaths lie in `p`'s region.
    fn takes_protected(&self, p: Point) -> bool {
        match self.protected_breaths {
            Breaths::None => true,
            Breaths::One(region) => self.regions.region_of(p) == region,
            Breaths::Many => false,
        }
    }

    /// With `Repeat::Any`, whether a placement on empty `p` surely leaves
    /// `added` on the board, so it cannot repeat the mover's previous board
    /// (which lacks it).
    ///
    /// `added` goes only if smothered. A stone on `p` with no friendly stone
    /// king-adjacent merges no supergroup of the mover's and reaches only
    /// `p`'s region: every other region keeps the mover's supergroups that
    /// reach it, so a free breath of `added` in one stays free.
    fn keeps_added(&self, p: Point) -> bool {
        let [first, second] = self.added_free;
        if first == usize::MAX || !self.regions.stands_apart(p, self.turn.to_move()) {
            return false;
        }
        second != usize::MAX || self.regions.region_of(p) != first
    }

    /// Whether a placement on empty `p` is legal by a look that needs no
    /// resolution: the cheap filter, or a ruling that may apply shown not to.
    fn surely_legal(&self, p: Point) -> bool {
        if !self.may_be_illegal(p) {
            return true;
        }
        if self.protected != NO_POINT {
            // No other ruling can apply.
            return !self.takes_protected(p) && self.repeat != Repeat::Only(p);
        }
        self.repeat == Repeat::Any && self.added != NO_POINT && self.keeps_added(p)
    }

    /// Whether a placement on empty `p` could be illegal: only when the
    /// counter-annihilation or the repetition ruling may apply.
    fn may_be_illegal(&self, p: Point) -> bool {
        let stone = self.turn.to_move().stone();
        self.protected != NO_POINT
            || match self.repeat {
                Repeat::Never => false,
                Repeat::Only(x) => x == p,
                // Nothing was lost since the mover's previous turn, so a
                // repeating stone must go again, alone: its group must be
                // itself, with no friendly orthogonal neighbour.
                Repeat::Any => !self
                    .board
                    .neighbours(p)
                    .iter()
                    .any(|&q| self.cells[q as usize] == stone),
            }
    }

    /// Why a placement on `p` is illegal, if it is; a legal one that had to
    /// be resolved is remembered for `apply_unchecked`.
    fn check_placement(&mut self, p: Point) -> Result<(), &'static str> {
        if self.cells[p as usize] != EMPTY {
            return Err("the point is occupied");
        }
        if self.surely_legal(p) {
            return Ok(());
        }
        if self.protected != NO_POINT && self.takes_protected(p) {
            return Err(COUNTER_REASON);
        }
        let stamp = (self.turn.plies() + 1) << 2;
        match self.verdicts[p as usize] {
            v if v == stamp | COUNTER => return Err(COUNTER_REASON),
            v if v == stamp | REPEAT => return Err(REPEAT_REASON),
            v if v == stamp | CLEAR => return Ok(()),
            _ => {}
        }
        if self.stones[self.turn.to_move().index()] == 0
            && self.protected == NO_POINT
            && self.repeat == Repeat::Any
        {
            match self.judge_lone_placement(p) {
                0 => {}
                code => {
                    self.verdicts[p as usize] = stamp | code;
                    return if code == REPEAT {
                        Err(REPEAT_REASON)
                    } else {
                        Ok(())
                    };
                }
            }
        }
        let all_alive = self.regions.all_alive();
        if all_alive && self.regions.smothers_itself_only(p, self.turn.to_move()) {
            // The board stays as it is and nothing is counter-annihilated.
            if !self.repeats(self.turn.to_move()) {
                return Ok(());
            }
            self.verdicts[p as usize] = stamp | REPEAT;
            return Err(REPEAT_REASON);
        }
        if all_alive && self.regions.is_quiet(p, self.turn.to_move()) {
            // Removes nothing, so it cannot counter-annihilate: only the
            // repetition ruling is left to test.
            let mover = self.turn.to_move();
            self.cells[p as usize] = mover.stone();
            self.hash ^= self.keys[p as usize][mover.index()];
            let repeats = self.repeats(mover);
            self.cells[p as usize] = EMPTY;
            self.hash ^= self.keys[p as usize][mover.index()];
            if !repeats {
                return Ok(());
            }
            self.verdicts[p as usize] = stamp | REPEAT;
            return Err(REPEAT_REASON);
        }
        // `removed` and `spare` are about to describe `p`: whatever was
        // remembered is stale. The placement is resolved on a copy, which
        // `spare` keeps.
        self.resolved = None;
        self.lone_turn.before_ready = 0;
        self.spare.clone_from(&self.regions);
        self.regions.swap_board(&mut self.spare);
        self.place_and_remove(p);
        let verdict = if self.counter_annihilates() {
            COUNTER
        } else if self.repeats(self.turn.to_move()) {
            REPEAT
        } else {
            0
        };
        self.take_back(p);
        self.regions.swap_board(&mut self.spare);
        match verdict {
            0 => {
                self.resolved = Some((p, self.turn.plies()));
                Ok(())
            }
            code => {
                // Remembered for this turn: random choices and the end test
                // ask again.
                self.verdicts[p as usize] = stamp | code;
                Err(if code == COUNTER {
                    COUNTER_REASON
                } else {
                    REPEAT_REASON
                })
            }
        }
    }

    /// The repetition ruling for a placement on `p` by a mover with no stone
    /// on the board: `REPEAT`, `CLEAR`, or 0 when it must be resolved. What
    /// serves every placement of the turn is found once, at the first.
    ///
    /// Nothing was lost since the mover's previous board `B` (`Repeat::Any`),
    /// so the board now is `B` plus `added` (if any). The mover's lone stone
    /// on `p` smothers exactly the enemy groups whose breaths all lie in
    /// `p`'s region (each piece of it then meets one enemy of theirs: the new
    /// stone; every other region none). So the placement can repeat `B` only
    /// if those groups are exactly `added` (see `Lone`), and then it does if
    /// the stone, alone on `B`, is smothered.
    fn judge_lone_placement(&mut self, p: Point) -> u32 {
        let turn = self.turn.plies() + 1;
        let enemy = self.turn.to_move().opponent();
        if self.lone_turn.judged != turn {
            self.lone_turn.judged = turn;
            let added = (self.added != NO_POINT).then(|| self.regions.group_breaths(self.added));
            self.lone_turn.lone = match added {
                // `added` cannot go alone.
                Some((size, breaths)) if size > 1 || breaths == Breaths::Many => Lone::Clear,
                // Only a placement in `region` can take `added`, and then
                // takes it alone unless it takes another group too.
                Some((_, Breaths::One(region))) => {
                    if self.regions.encloses_another(enemy, region, self.added) {
                        Lone::Clear
                    } else {
                        Lone::In(region)
                    }
                }
                _ => Lone::Enclosing {
                    breathless: self.regions.single_region_groups(enemy),
                },
            };
        }
        let region = self.regions.region_of(p);
        let repeats_removal = match self.lone_turn.lone {
            Lone::Clear => false,
            Lone::In(r) => region == r,
            // With `added` breathless, it goes with any placement.
            Lone::Enclosing { breathless } => {
                self.regions.enclosed_in(region) + breathless == usize::from(self.added != NO_POINT)
            }
        };
        if !repeats_removal {
            return CLEAR;
        }
        // The mover's previous board: without `added`, on `spare`.
        if self.lone_turn.before_ready != turn {
            self.lone_turn.before_ready = turn;
            if self.added == NO_POINT {
                self.regions.forget_contacts();
            } else {
                self.resolved = None;
                self.spare.clone_from(&self.regions);
                self.spare.remove(&[self.added], enemy);
                self.spare.forget_contacts();
            }
        }
        let before = if self.added == NO_POINT {
            &mut self.regions
        } else {
            &mut self.spare
        };
        match before.lone_stone_smothered(p, self.turn.to_move()) {
            Some(true) => REPEAT,
            Some(false) => CLEAR,
            None => 0,
        }
    }

    /// Release: legal when the prison holds at least one enemy stone (and the
    /// unchanged board does not repeat the mover's previous turn).
    fn check_release(&self) -> Result<(), Cow<'static, str>> {
        let enemy = self.turn.to_move().opponent();
        let held = match enemy {
            Colour::Black => self.prison,
            Colour::White => -self.prison,
        };
        if held <= 0 {
            return Err(match enemy {
                Colour::Black => "the prison holds no black stone",
                Colour::White => "the prison holds no white stone",
            }
            .into());
        }
        if self.repeats(self.turn.to_move()) {
            return Err(REPEAT_REASON.into());
        }
        Ok(())
    }

    /// Whether some empty point is [`Anadil::surely_legal`]. For a mover
    /// with no stone that may repeat, every point stands apart and may be
    /// illegal, so `keeps_added` decides by region alone: some point is
    /// surely legal when `added` has free breaths in two regions, or one
    /// and some empty point lies outside it.
    fn some_surely_legal(&self) -> bool {
        let lone = self.stones[self.turn.to_move().index()] == 0
            && self.protected == NO_POINT
            && self.repeat == Repeat::Any;
        if !lone {
            return self.open.as_slice().iter().any(|&p| self.surely_legal(p));
        }
        let [first, second] = self.added_free;
        self.added != NO_POINT
            && first != usize::MAX
            && (second != usize::MAX || self.open.len() > self.regions.region_size(first))
    }

    /// End: whether the player to move has a legal action (one who has none
    /// loses).
    fn has_legal_action(&mut self) -> bool {
        if self.check_release().is_ok() {
            return true;
        }
        // A placement legal by a look is legal without resolving it.
        if self.some_surely_legal() {
            return true;
        }
        for i in 0..self.open.len() {
            if self.check_placement(self.open[i]).is_ok() {
                return true;
            }
        }
        false
    }

    /// Plays a placement on `p`, legal by the caller's word.
    fn place(&mut self, p: Point) {
        let mover = self.turn.to_move();
        let enemy = mover.opponent();
        if self.resolved == Some((p, self.turn.plies())) {
            self.redo(p);
        } else {
            self.place_and_remove(p);
        }
        let enemy_had = self.stones[enemy.index()];
        self.open.remove(p);
        self.stones[mover.index()] += 1;
        for i in 0..self.removed.len() {
            self.open.insert(self.removed[i]);
        }
        let friendly_removed = self.removed.len() - self.enemy_removed;
        self.stones[enemy.index()] -= self.enemy_removed;
        self.stones[mover.index()] -= friendly_removed;
        match mover {
            Colour::Black => self.imprison(friendly_removed, self.enemy_removed),
            Colour::White => self.imprison(self.enemy_removed, friendly_removed),
        }
        let survived = self.cells[p as usize] != EMPTY;
        self.protected = if enemy_had > 0 && self.stones[enemy.index()] == 0 && survived {
            self.protected_breaths = self.regions.group_breaths(p).1;
            p
        } else {
            NO_POINT
        };
        // The opponent's board to repeat is this turn's start: a placement
        // restores at most one stone, so it can repeat only if this turn took
        // at most one enemy stone and none of the mover's older stones.
        // And it must remove `p` again, alone: not if `p` has a friend.
        let own_lost = friendly_removed - usize::from(!survived);
        let stone = mover.stone();
        let joined = survived
            && self
                .board
                .neighbours(p)
                .iter()
                .any(|&q| self.cells[q as usize] == stone);
        self.added = if survived { p } else { NO_POINT };
        if survived {
            self.added_free = self.regions.free_breath_regions(p);
        }
        self.repeat = match (own_lost, self.enemy_removed, joined) {
            (0, 0, false) => Repeat::Any,
            (0, 1, false) => Repeat::Only(self.removed[0]),
            _ => Repeat::Never,
        };
    }

    /// Plays a release, legal by the caller's word.
    fn release(&mut self) {
        match self.turn.to_move() {
            Colour::Black => self.prison += 1,
            Colour::White => self.prison -= 1,
        }
        self.protected = NO_POINT;
        self.repeat = Repeat::Any;
        self.added = NO_POINT;
    }
}

/// Anadil's options (RULES.md §5).
pub const OPTIONS: &[OptionSpec] = &[SIZE, KOMI];

const SIZE: OptionSpec = OptionSpec {
    name: "size",
    kind: OptionKind::Int {
        default: 15,
        min: 5,
        max: 25,
    },
    doc: "the side of the square board, odd",
};

// Whole and at least 0; the cap only keeps the signed prison far
// from overflow.
const KOMI: OptionSpec = OptionSpec {
    name: "komi",
    kind: OptionKind::Int {
        default: 0,
        min: 0,
        max: 1_000_000_000,
    },
    doc: "black stones in the prison at the start, which White may release",
};

impl Position for Anadil {
    fn from_options(options: &mut Options) -> Result<Self, Error> {
        let board = options.board(&SIZE, Board::square)?;
        let komi = options.int(&KOMI)?;
        let n = board.points();
        let mut state = Anadil {
            board,
            keys: zobrist::keys(board.side()),
            komi,
            cells: vec![EMPTY; n],
            turn: Turn::new(false),
            prison: 0,
            protected: NO_POINT,
            protected_breaths: Breaths::None,
            stones: [0; 2],
            hash: 0,
            previous: [None; 2],
            previous_cells: [vec![EMPTY; n], vec![EMPTY; n]],
            repeat: Repeat::Never,
            added: NO_POINT,
            added_free: [usize::MAX; 2],
            lone_turn: LoneTurn::AFRESH,
            open: PointList::full(n),
            regions: Box::new(Regions::new(board.side())),
            spare: Box::new(Regions::new(board.side())),
            removed: Vec::with_capacity(n),
            enemy_removed: 0,
            resolved: None,
            verdicts: vec![0; n],
        };
        state.start();
        Ok(state)
    }

    position_basics!("anadil", [Release], self => [("komi", OptionValue::Int(self.komi))]);

    fn legal_actions_in_play(&mut self, out: &mut Vec<Action>) {
        for p in 0..self.board.points() as Point {
            if self.check_placement(p).is_ok() {
                out.push(p);
            }
        }
        if self.check_release().is_ok() {
            out.push(self.board.points() as Action);
        }
    }

    fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        if (action as usize) < self.board.points() {
            self.check_placement(action).map_err(Cow::Borrowed)
        } else {
            self.check_release()
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        let mover = self.turn.to_move();
        if (action as usize) < self.board.points() {
            self.place(action);
        } else {
            self.release();
        }
        let next = mover.opponent();
        if self.previous[next.index()].is_none() {
            self.repeat = Repeat::Never;
        }
        self.previous[mover.index()] = Some(self.hash);
        self.previous_cells[mover.index()].copy_from_slice(&self.cells);
        self.turn.end_turn();
        self.resolved = None;
        if !self.has_legal_action() {
            self.turn.end(Some(mover));
        }
    }

    fn random_action(&mut self, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action> {
        // Release is an ordinary choice (RULES.md §8); placements are legal
        // unless a ruling may apply, so rejection sampling is exact.
        if self.is_terminal() {
            return None;
        }
        let release = self.board.points() as Action;
        let release_legal = self.check_release().is_ok();
        if self.protected == NO_POINT && self.repeat == Repeat::Never {
            let k = rng.below(self.open.len() + usize::from(release_legal));
            return Some(self.open.as_slice().get(k).copied().unwrap_or(release));
        }
        buf.clear();
        buf.extend_from_slice(self.open.as_slice());
        if release_legal {
            buf.push(release);
        }
        loop {
            let k = rng.below(buf.len());
            let action = buf[k];
            if action == release || self.check_placement(action).is_ok() {
                return Some(action);
            }
            buf.swap_remove(k);
        }
    }

    fn feature_plane_names(&self) -> &'static [&'static str] {
        &["own_in_prison", "opponent_in_prison", "protected_stone"]
    }

    /// Per side, its stones in the prison (divided by the number of points;
    /// the prison holds one colour at a time, Ruling (prison)); and the
    /// stone that Ruling (no counter-annihilation) shields from the mover.
    fn feature_planes(&mut self, perspective: Colour, planes: &mut Planes<'_>) {
        let black_in_prison = self.prison.max(0) as f32;
        let white_in_prison = (-self.prison).max(0) as f32;
        let (own, opponent) = match perspective {
            Colour::Black => (black_in_prison, white_in_prison),
            Colour::White => (white_in_prison, black_in_prison),
        };
        let n = self.board.points() as f32;
        planes.fill(0, own / n);
        planes.fill(1, opponent / n);
        if let Some(p) = self.protected_point() {
            planes.set(2, p, 1.0);
        }
    }
}

#[cfg(test)]
mod tests;
