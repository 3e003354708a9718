use super::*;

fn degree_counts(board: &Board) -> [usize; 9] {
    let mut counts = [0; 9];
    for p in 0..board.points() as Point {
        counts[board.neighbours(p).len()] += 1;
    }
    counts
}

#[test]
fn hex_point_counts_follow_3n_n_minus_1_plus_1() {
    for side in 2..=25 {
        let board = Board::hex(side).unwrap();
        assert_eq!(board.points(), 3 * side * (side - 1) + 1, "side {side}");
    }
    assert_eq!(Board::hex(5).unwrap().points(), 61);
    assert_eq!(Board::hex(7).unwrap().points(), 127);
    assert_eq!(Board::hex(11).unwrap().points(), 331);
}

#[test]
fn hex_side_9_has_169_interior_42_edge_and_6_corner_points() {
    let board = Board::hex(9).unwrap();
    assert_eq!(board.points(), 217);
    let counts = degree_counts(board);
    assert_eq!((counts[6], counts[4], counts[3]), (169, 42, 6));
    let edge = (0..217).filter(|&p| board.is_edge(p)).count();
    assert_eq!(edge, 48);
}

#[test]
fn square_boards_have_4_and_8_neighbours_inside() {
    let board = Board::square(15).unwrap();
    assert_eq!(board.points(), 225);
    let counts = degree_counts(board);
    assert_eq!((counts[4], counts[3], counts[2]), (13 * 13, 4 * 13, 4));
    let king = board.king().unwrap();
    let inner = (0..225).filter(|&p| king.neighbours(p).len() == 8).count();
    assert_eq!(inner, 13 * 13);
}

#[test]
fn sides_out_of_range_are_refused() {
    assert!(Board::hex(1).is_err());
    assert!(Board::hex(26).is_err());
    assert!(Board::square(3).is_err());
    assert!(Board::square(8).is_err());
    assert!(Board::square(27).is_err());
}

fn all_boards() -> Vec<&'static Board> {
    let hex = (2..=25).map(|s| Board::hex(s).unwrap());
    let square = (5..=25).step_by(2).map(|s| Board::square(s).unwrap());
    hex.chain(square).collect()
}

#[test]
fn adjacency_is_symmetric_and_steps_are_reversible() {
    for board in all_boards() {
        let mut tables = vec![board.adjacency()];
        tables.extend(board.king());
        for adjacency in tables {
            let dirs = adjacency.directions();
            for p in 0..board.points() as Point {
                for &q in adjacency.neighbours(p) {
                    assert!(
                        adjacency.neighbours(q).contains(&p),
                        "{} ~ {}",
                        board.name(p),
                        board.name(q)
                    );
                }
                for d in 0..dirs {
                    let q = adjacency.step(p, d);
                    if q != NO_POINT {
                        assert_eq!(adjacency.step(q, (d + dirs / 2) % dirs), p);
                    }
                }
            }
        }
    }
}

#[test]
fn consecutive_directions_are_adjacent_so_rings_are_cycles() {
    for board in [Board::hex(5).unwrap(), Board::square(5).unwrap()] {
        let mut tables = vec![board.adjacency()];
        tables.extend(board.king());
        for adjacency in tables {
            let vectors = adjacency.direction_vectors();
            let all: Vec<(i32, i32)> = match board.shape() {
                Shape::Hex => vectors.to_vec(),
                Shape::Square => board.king().unwrap().direction_vectors().to_vec(),
            };
            if adjacency.directions() == 4 {
                continue; // the orthogonal ring is not a cycle of neighbours
            }
            for i in 0..vectors.len() {
                let (a, b) = (vectors[i], vectors[(i + 1) % vectors.len()]);
                assert!(all.contains(&(b.0 - a.0, b.1 - a.1)));
            }
        }
    }
}

#[test]
fn point_index_runs_by_row_then_column() {
    for board in all_boards() {
        for p in 1..board.points() as Point {
            let (c0, r0) = board.coords(p - 1);
            let (c1, r1) = board.coords(p);
            assert!((r0, c0) < (r1, c1));
        }
    }
    let board = Board::hex(3).unwrap();
    let names: Vec<&str> = (0..7).map(|p| board.name(p)).collect();
    assert_eq!(names, ["a1", "b1", "c1", "a2", "b2", "c2", "d2"]);
}

#[test]
fn grid_runs_cover_every_point_in_order_and_are_maximal() {
    for board in all_boards() {
        let runs = board.grid_runs();
        let mut next = 0;
        for run in runs {
            assert_eq!(run.first, next, "runs follow each other");
            assert!(run.len > 0);
            for k in 0..run.len {
                let p = run.first + k;
                assert_eq!(board.grid_index(p), usize::from(run.cell + k));
            }
            next += run.len;
        }
        assert_eq!(usize::from(next), board.points());
        for pair in runs.windows(2) {
            assert_ne!(pair[0].cell + pair[0].len, pair[1].cell, "runs are maximal");
        }
        let expected = match board.shape() {
            Shape::Hex => board.grid_width(),
            Shape::Square => 1,
        };
        assert_eq!(runs.len(), expected, "one run a hex row, one square run");
    }
}

#[test]
fn notation_round_trips_for_every_point_of_every_size() {
    for board in all_boards() {
        for p in 0..board.points() as Point {
            let name = board.name(p).to_string();
            assert_eq!(board.parse_point(&name).unwrap(), p);
            assert_eq!(board.parse_point(&name.to_uppercase()).unwrap(), p);
        }
    }
}

#[test]
fn columns_continue_after_z_with_aa() {
    assert_eq!(column_letters(1), "a");
    assert_eq!(column_letters(21), "u");
    assert_eq!(column_letters(26), "z");
    assert_eq!(column_letters(27), "aa");
    assert_eq!(column_letters(49), "aw");
    assert_eq!(parse_column("AW"), Some(49));
    let board = Board::hex(25).unwrap();
    assert_eq!(board.name(board.points() as Point - 1), "aw49");
}

#[test]
fn malformed_and_off_board_points_are_refused() {
    let board = Board::hex(3).unwrap();
    for bad in ["", "e", "5", "e0", "e05", "a-1", " a1", "a1 ", "é1", "a1b"] {
        assert!(
            matches!(board.parse_point(bad), Err(Error::Notation(_))),
            "{bad:?}"
        );
    }
    for off in ["e1", "a4", "f5", "z9"] {
        let err = board.parse_point(off).unwrap_err();
        assert!(err.to_string().contains("off the board"), "{off}: {err}");
    }
}

#[test]
fn the_hexagon_has_12_symmetries_and_the_square_8_each_keeping_every_adjacency() {
    for board in all_boards() {
        let count = match board.shape() {
            Shape::Hex => 12,
            Shape::Square => 8,
        };
        let symmetries = board.symmetries();
        assert_eq!(symmetries.len(), count);
        for (k, s) in symmetries.iter().enumerate() {
            let mut seen = vec![false; board.points()];
            for p in 0..board.points() as Point {
                seen[s.point(p) as usize] = true;
                assert_eq!(board.is_edge(s.point(p)), board.is_edge(p));
                for &q in board.neighbours(p) {
                    assert!(board.neighbours(s.point(p)).contains(&s.point(q)));
                }
                if let Some(king) = board.king() {
                    for &q in king.neighbours(p) {
                        assert!(king.neighbours(s.point(p)).contains(&s.point(q)));
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "symmetry {k} is a permutation");
            let inverse = &symmetries[board.inverse_symmetry(k)];
            assert!((0..board.points() as Point).all(|p| inverse.point(s.point(p)) == p));
        }
        let distinct: std::collections::HashSet<&[Point]> =
            symmetries.iter().map(Symmetry::points).collect();
        assert_eq!(distinct.len(), count, "side {}: all distinct", board.side());
        assert!((0..board.points() as Point).all(|p| symmetries[0].point(p) == p));
    }
}

#[test]
fn symmetries_follow_the_documented_order() {
    // (board, symmetry, point, where the symmetry takes it).
    let cases = [
        // Hex side 3: one rotation step turns direction (1, 0) into (1, 1),
        // so the point east of the centre goes to the one north-east of it.
        (Board::hex(3).unwrap(), 1, "d3", "d4"),
        (Board::hex(3).unwrap(), 3, "d3", "b3"),
        // The first reflection exchanges column and row.
        (Board::hex(3).unwrap(), 6, "d3", "c4"),
        (Board::hex(3).unwrap(), 6, "a1", "a1"),
        // Square 5: a quarter turn counterclockwise takes a1 to e1; the
        // reflection keeps a1 and exchanges b1 with a2.
        (Board::square(5).unwrap(), 1, "a1", "e1"),
        (Board::square(5).unwrap(), 2, "a1", "e5"),
        (Board::square(5).unwrap(), 4, "b1", "a2"),
        (Board::square(5).unwrap(), 4, "a1", "a1"),
    ];
    for (board, symmetry, from, to) in cases {
        let p = |name: &str| board.parse_point(name).unwrap();
        assert_eq!(
            board.symmetries()[symmetry].point(p(from)),
            p(to),
            "{:?} {}: symmetry {symmetry} of {from}",
            board.shape(),
            board.side()
        );
    }
}

#[test]
fn planes_and_policies_move_with_their_points() {
    for board in [Board::hex(4).unwrap(), Board::square(7).unwrap()] {
        let width = board.grid_width();
        let area = width * width;
        let planes: Vec<u32> = (0..2 * area as u32).collect();
        let policy: Vec<u32> = (0..board.points() as u32 + 2).collect();
        let mut moved = vec![0; planes.len()];
        let mut moved_policy = vec![0; policy.len()];
        for s in board.symmetries() {
            s.transform_planes(&planes, &mut moved);
            s.transform_actions(&policy, &mut moved_policy);
            for p in 0..board.points() as Point {
                let (from, to) = (board.grid_index(p), board.grid_index(s.point(p)));
                assert_eq!(moved[to], planes[from]);
                assert_eq!(moved[area + to], planes[area + from]);
                assert_eq!(moved_policy[s.point(p) as usize], policy[p as usize]);
                assert_eq!(s.cell(from), to);
            }
            let specials = board.points()..policy.len();
            assert_eq!(moved_policy[specials.clone()], policy[specials]);
            assert_eq!(s.action(board.points() as u16), board.points() as u16);
        }
    }
}
