//! Time controls and the clock (Art. 6, 8.4, App. A.1, B.1, Guidelines III), with fake time:
//! every instant is given in milliseconds, every scenario is exact, nothing sleeps.

use escaque::core::Color::{self, Black, White};
use escaque::laws::clock::{
    BothFlagsVerdict, Clock, ClockError, ClockEvent, ClockOptions, FlagFall, Phase,
    QuickplayGround, QuickplayRuling, QuickplayStatus, Remaining, StartMode, both_flags_verdict,
    format_clock,
};
use escaque::laws::time_control::{
    Bonus, BonusKind, Period, TimeClass, TimeControl, TimeControlProblem, tc_command,
};

const S: u64 = 1000;
const MIN: u64 = 60 * S;

fn tc(spec: &str) -> TimeControl {
    spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn started(spec: &str) -> Clock {
    let mut c = Clock::new(tc(spec));
    c.start(0).unwrap();
    c
}

/// Started at 0, without low-time warnings.
fn quiet(spec: &str) -> Clock {
    let options = ClockOptions {
        low_time_ms: None,
        ..ClockOptions::default()
    };
    let mut c = Clock::with_options(tc(spec), options);
    c.start(0).unwrap();
    c
}

fn main_ms(c: &Clock, color: Color, now: u64) -> u64 {
    c.remaining(color, now).unwrap().main_ms
}

fn pressed(events: &[ClockEvent]) -> (u64, u64) {
    events
        .iter()
        .find_map(|e| match e {
            ClockEvent::Pressed {
                used_ms,
                remaining_ms,
                ..
            } => Some((*used_ms, *remaining_ms)),
            _ => None,
        })
        .expect("a Pressed event")
}

// ------------------------------------------------------------------- Art. 6.3: controls

#[test]
fn art_6_3_sudden_death_runs_down_without_bonus() {
    let mut c = started("5");
    assert_eq!(c.running(), Some(White));
    assert_eq!(main_ms(&c, White, 12 * S), 5 * MIN - 12 * S);
    assert_eq!(main_ms(&c, Black, 12 * S), 5 * MIN);
    let ev = c.press(White, 12 * S).unwrap();
    assert_eq!(pressed(&ev), (12 * S, 5 * MIN - 12 * S));
    assert_eq!(c.running(), Some(Black));
    let ev = c.press(Black, 20 * S).unwrap();
    assert_eq!(pressed(&ev), (8 * S, 5 * MIN - 8 * S));
    assert_eq!(c.moves(White), 1);
    assert_eq!(c.moves(Black), 1);
    assert_eq!(c.moves_to_control(White), None);
    assert_eq!(c.period(White), 1);
    assert_eq!(c.used(White, 25 * S), 17 * S);
}

#[test]
fn art_6_3_fischer_15_10_increment_after_each_move_from_move_1() {
    let mut c = started("15+10");
    let ev = c.press(White, 5 * S).unwrap();
    assert_eq!(
        ev,
        vec![ClockEvent::Pressed {
            color: White,
            at: 5 * S,
            used_ms: 5 * S,
            remaining_ms: 15 * MIN + 5 * S,
            moves: 1,
        }]
    );
    let ev = c.press(Black, 25 * S).unwrap();
    assert_eq!(pressed(&ev), (20 * S, 15 * MIN - 10 * S));
    assert_eq!(c.bonus(White), Some(Bonus::increment(10)));
    assert_eq!(
        c.remaining(White, 26 * S),
        Some(Remaining {
            main_ms: 15 * MIN + 4 * S,
            delay_ms: 0
        })
    );
}

#[test]
fn art_6_3_us_delay_press_within_the_delay_leaves_main_time() {
    let mut c = started("3+2d");
    assert_eq!(
        c.remaining(White, 500),
        Some(Remaining {
            main_ms: 3 * MIN,
            delay_ms: 1500
        })
    );
    let ev = c.press(White, 1500).unwrap();
    assert_eq!(pressed(&ev), (1500, 3 * MIN));
    // The waiting player's next delay is shown in full.
    assert_eq!(c.remaining(White, 1600).unwrap().delay_ms, 2 * S);
}

#[test]
fn art_6_3_us_delay_main_time_runs_only_after_the_delay() {
    let mut c = started("3+2d");
    c.press(White, 1500).unwrap();
    // Black: 2 s of delay, then the main time runs.
    assert_eq!(main_ms(&c, Black, 1500 + 2 * S), 3 * MIN);
    assert_eq!(main_ms(&c, Black, 1500 + 2 * S + 1), 3 * MIN - 1);
    assert_eq!(c.remaining(Black, 1500 + 3 * S).unwrap().delay_ms, 0);
    let ev = c.press(Black, 1500 + 5 * S).unwrap();
    assert_eq!(pressed(&ev), (5 * S, 3 * MIN - 3 * S));
}

#[test]
fn art_6_3_us_delay_flag_falls_when_main_time_and_delay_are_spent() {
    let c = started("30s+2d");
    assert_eq!(c.flag(White, 31_999), None);
    let fall = c.flag(White, 32_000).unwrap();
    assert_eq!((fall.color, fall.at), (White, 32_000));
    assert_eq!(fall.bonus, Some(Bonus::delay(2)));
}

#[test]
fn art_6_3_bronstein_gives_back_the_time_used_up_to_the_delay() {
    let mut c = started("3+2b");
    let ev = c.press(White, 1500).unwrap();
    assert_eq!(pressed(&ev), (1500, 3 * MIN));
    // The main time runs from the start of the move (no delay before it).
    assert_eq!(main_ms(&c, Black, 1500 + 1), 3 * MIN - 1);
    assert_eq!(c.remaining(Black, 1600).unwrap().delay_ms, 0);
    let ev = c.press(Black, 1500 + 5 * S).unwrap();
    assert_eq!(pressed(&ev), (5 * S, 3 * MIN - 3 * S));
}

#[test]
fn art_6_3_bronstein_flag_falls_during_the_move_before_any_give_back() {
    let c = started("30s+2b");
    assert_eq!(c.flag(White, 29_999), None);
    assert_eq!(c.flag(White, 30_000).map(|f| f.at), Some(30_000));
}

/// Both players use one minute a move for 40 moves.
fn forty_moves(c: &mut Clock) -> Vec<ClockEvent> {
    let mut t = 0;
    let mut all = Vec::new();
    for _ in 0..40 {
        t += MIN;
        all.extend(c.press(White, t).unwrap());
        t += MIN;
        all.extend(c.press(Black, t).unwrap());
    }
    all
}

#[test]
fn art_6_3_period_change_at_move_40_time_carries_over() {
    let mut c = started("90/40+30:30+30");
    assert_eq!(c.period(White), 1);
    assert_eq!(c.moves_to_control(White), Some(40));
    let mut t = 0;
    for _ in 0..39 {
        t += MIN;
        c.press(White, t).unwrap();
        t += MIN;
        c.press(Black, t).unwrap();
    }
    assert_eq!(c.moves_to_control(White), Some(1));
    assert_eq!(main_ms(&c, White, t), 90 * MIN - 39 * 30 * S);
    t += MIN;
    let ev = c.press(White, t).unwrap();
    // 40th move: 1 minute used, 30 s increment, then the 30 minutes of the second period.
    let after = 90 * MIN - 40 * 30 * S + 30 * MIN;
    assert_eq!(
        ev,
        vec![
            ClockEvent::Pressed {
                color: White,
                at: t,
                used_ms: MIN,
                remaining_ms: after,
                moves: 40,
            },
            ClockEvent::PeriodChanged {
                color: White,
                period: 2,
                added_ms: 30 * MIN,
            },
        ]
    );
    assert_eq!(c.period(White), 2);
    assert_eq!(c.moves_to_control(White), None);
    assert_eq!(c.period(Black), 1);
    t += MIN;
    c.press(Black, t).unwrap();
    assert_eq!(c.period(Black), 2);
    // The increment goes on in the second period.
    t += MIN;
    let ev = c.press(White, t).unwrap();
    assert_eq!(pressed(&ev).1, after - 30 * S);
}

#[test]
fn art_6_3_increment_from_a_given_period() {
    let mut c = started("90/40:30+30");
    assert_eq!(c.bonus(White), None);
    let ev = forty_moves(&mut c);
    assert!(ev.contains(&ClockEvent::PeriodChanged {
        color: White,
        period: 2,
        added_ms: 30 * MIN
    }));
    let t = 80 * MIN;
    // No increment in the first period: 90 − 40 + 30.
    assert_eq!(main_ms(&c, White, t), 80 * MIN);
    assert_eq!(c.bonus(White), Some(Bonus::increment(30)));
    let ev = c.press(White, t + MIN).unwrap();
    assert_eq!(pressed(&ev).1, 80 * MIN - MIN + 30 * S);
}

#[test]
fn art_6_3_a_last_period_with_a_move_count_repeats() {
    let t = TimeControl::from_pgn("40/7200:20/3600").unwrap();
    assert_eq!(t.period_at(39).index, 0);
    assert_eq!(t.period_at(40).index, 1);
    assert_eq!(t.period_at(59).moves_to_control, Some(1));
    assert_eq!(t.period_at(60).index, 2);
    assert_eq!(t.period_at(60).moves_to_control, Some(20));
    assert_eq!(t.period_at(85).index, 3);
    let huge = t.period_at(u32::MAX);
    assert!(huge.index > 100_000_000);
    let mut c = Clock::new(t);
    c.start(0).unwrap();
    c.set_moves(White, 59, 0).unwrap();
    let ev = c.press(White, 10 * S).unwrap();
    assert!(ev.contains(&ClockEvent::PeriodChanged {
        color: White,
        period: 3,
        added_ms: 60 * MIN
    }));
    assert_eq!(main_ms(&c, White, 10 * S), 120 * MIN - 10 * S + 60 * MIN);
}

#[test]
fn art_6_3_sandclock_gives_the_time_used_to_the_opponent() {
    let mut c = started("*1");
    c.press(White, 20 * S).unwrap();
    assert_eq!(main_ms(&c, White, 20 * S), 40 * S);
    assert_eq!(main_ms(&c, Black, 20 * S), 80 * S);
    assert_eq!(main_ms(&c, Black, 30 * S), 70 * S);
    assert_eq!(main_ms(&c, White, 30 * S), 50 * S);
    assert_eq!(c.flag(Black, 20 * S + 80 * S).map(|f| f.at), Some(100 * S));
}

#[test]
fn untimed_control_counts_time_and_moves_and_never_flags() {
    let mut c = started("none");
    assert_eq!(c.remaining(White, 5 * S), None);
    assert_eq!(c.display(White, 65 * S), "0:01:05");
    c.press(White, 100 * MIN).unwrap();
    assert_eq!(c.flags(1_000 * MIN), [None, None]);
    assert_eq!(c.moves(White), 1);
    assert!(c.recording_required(White, 0));
}

// ------------------------------------------------------------------- Art. 6.5: the start

#[test]
fn art_6_5_white_clock_starts_at_the_start() {
    let mut c = Clock::new(tc("3+2"));
    assert_eq!(c.phase(), Phase::NotStarted);
    assert_eq!(c.press(White, 0), Err(ClockError::NotStarted));
    let ev = c.start(1000).unwrap();
    assert_eq!(
        ev,
        vec![ClockEvent::Started {
            at: 1000,
            running: Some(White)
        }]
    );
    assert_eq!(main_ms(&c, White, 4000), 3 * MIN - 3 * S);
    assert_eq!(c.start(2000), Err(ClockError::AlreadyStarted));
}

#[test]
fn casual_start_white_clock_starts_after_white_first_move() {
    let options = ClockOptions {
        start: StartMode::Casual,
        ..ClockOptions::default()
    };
    let mut c = Clock::with_options(tc("3+2"), options);
    c.start(0).unwrap();
    assert_eq!(c.running(), None);
    assert_eq!(main_ms(&c, White, 50 * S), 3 * MIN);
    assert_eq!(c.press(Black, 50 * S), Err(ClockError::NotRunning(Black)));
    let ev = c.press(White, 60 * S).unwrap();
    assert_eq!(pressed(&ev), (0, 3 * MIN + 2 * S));
    assert_eq!(c.running(), Some(Black));
    assert_eq!(main_ms(&c, Black, 61 * S), 3 * MIN - S);
}

#[test]
fn art_6_2_1_only_the_running_clock_can_be_pressed() {
    let mut c = started("3+2");
    assert_eq!(c.press(Black, S), Err(ClockError::NotRunning(Black)));
    c.press(White, S).unwrap();
    assert_eq!(c.press(White, 2 * S), Err(ClockError::NotRunning(White)));
}

#[test]
fn time_never_goes_back() {
    let mut c = started("3+2");
    c.press(White, 10 * S).unwrap();
    // An instant before the last one seen is taken as that one.
    let ev = c.press(Black, 5 * S).unwrap();
    assert_eq!(pressed(&ev), (0, 3 * MIN + 2 * S));
}

// ------------------------------------------------------------------- Art. 6.8, 6.9: flags

#[test]
fn art_6_9_flag_at_the_exact_instant() {
    let options = ClockOptions {
        low_time_ms: None,
        ..ClockOptions::default()
    };
    let mut c = Clock::with_options(tc("1"), options);
    c.start(1000).unwrap();
    assert_eq!(c.flag(White, 60_999), None);
    assert_eq!(c.update(60_999), vec![]);
    assert_eq!(main_ms(&c, White, 60_999), 1);
    assert_eq!(
        c.update(61_000),
        vec![ClockEvent::FlagFell {
            color: White,
            at: 61_000
        }]
    );
    assert_eq!(main_ms(&c, White, 61_000), 0);
    assert_eq!(c.display(White, 61_000), "0:00:00.0");
}

#[test]
fn art_6_8_a_fall_noticed_later_keeps_the_instant_it_happened() {
    let mut c = started("1");
    let [white, black] = c.flags(10 * MIN);
    let white = white.unwrap();
    assert_eq!((white.color, white.at, white.period), (White, MIN, 1));
    assert_eq!(black, None);
    assert_eq!(c.falls(), &[white]);
    assert!(c.events().contains(&ClockEvent::FlagFell {
        color: White,
        at: MIN
    }));
    // Noticing it again adds nothing.
    assert_eq!(c.update(11 * MIN), vec![]);
}

#[test]
fn art_6_9_pressing_at_the_instant_of_the_fall_is_too_late() {
    let mut c = quiet("1+1");
    let ev = c.press(White, MIN).unwrap();
    assert_eq!(
        ev[0],
        ClockEvent::FlagFell {
            color: White,
            at: MIN
        }
    );
    // The flag is down: no increment, the time stays at zero.
    assert_eq!(pressed(&ev), (MIN, 0));
    // One millisecond earlier the move is in time.
    let mut c = started("1+1");
    let ev = c.press(White, MIN - 1).unwrap();
    assert_eq!(pressed(&ev), (MIN - 1, 1 + S));
    assert_eq!(c.flag(White, 10 * MIN), None);
}

#[test]
fn art_6_9_the_flag_of_a_waiting_player_does_not_fall() {
    let mut c = started("1");
    c.press(White, 59 * S).unwrap();
    assert_eq!(c.flag(White, 100 * MIN), None);
    assert_eq!(c.flag(Black, 100 * MIN).map(|f| f.at), Some(119 * S));
}

/// White leaves 1 s; Black oversteps unnoticed and moves; then White oversteps.
fn both_flags_down(spec: &str) -> Clock {
    let mut c = started(spec);
    c.press(White, 59 * S).unwrap();
    c.press(Black, 120 * S).unwrap();
    c.update(200 * S);
    c
}

#[test]
fn guidelines_iii_3_1_both_flags_in_the_last_period_without_increment_draw() {
    let mut c = both_flags_down("1");
    let [w, b] = c.flags(200 * S);
    assert_eq!(w.unwrap().at, 121 * S);
    assert_eq!(b.unwrap().at, 119 * S);
    assert_eq!(c.both_flags(), Some(BothFlagsVerdict::Draw));
    assert_eq!(BothFlagsVerdict::Draw.article().number(), "III.3.1");
}

#[test]
fn guidelines_iii_3_1_both_flags_before_the_last_period_the_game_continues() {
    let mut c = both_flags_down("1/40:30");
    assert_eq!(c.both_flags(), Some(BothFlagsVerdict::Continue));
    // Completing the 40th move opens the next period with its time; the flag is lifted.
    c.set_moves(White, 39, 200 * S).unwrap();
    let ev = c.press(White, 201 * S).unwrap();
    assert!(ev.contains(&ClockEvent::PeriodChanged {
        color: White,
        period: 2,
        added_ms: 30 * MIN
    }));
    assert_eq!(main_ms(&c, White, 201 * S), 30 * MIN);
    assert_eq!(c.flag(White, 201 * S), None);
    assert_eq!(c.both_flags(), None);
    assert_eq!(c.falls().len(), 2);
}

#[test]
fn both_flags_with_increment_the_first_fall_decides() {
    let c = both_flags_down("1+1");
    assert_eq!(c.both_flags(), Some(BothFlagsVerdict::FirstFell(Black)));
}

#[test]
fn both_flags_verdict_from_the_control_and_the_instants() {
    let fall = |color, at, period, bonus| FlagFall {
        color,
        at,
        period,
        bonus,
    };
    let t = tc("90/40:30");
    assert_eq!(
        both_flags_verdict(&t, fall(White, 5, 1, None), fall(Black, 9, 1, None)),
        BothFlagsVerdict::Continue
    );
    assert_eq!(
        both_flags_verdict(&t, fall(White, 5, 2, None), fall(Black, 9, 2, None)),
        BothFlagsVerdict::Draw
    );
    let inc = Some(Bonus::increment(30));
    let t = tc("90/40+30:30+30");
    assert_eq!(
        both_flags_verdict(&t, fall(White, 9, 2, inc), fall(Black, 5, 2, inc)),
        BothFlagsVerdict::FirstFell(Black)
    );
    assert_eq!(
        both_flags_verdict(&t, fall(White, 5, 2, inc), fall(Black, 5, 2, inc)),
        BothFlagsVerdict::ArbiterDecides
    );
}

// ------------------------------------------------------------------- Art. 6.10–6.11, 7.1

#[test]
fn art_6_11_pause_and_resume_freeze_the_time() {
    let mut c = started("15+10");
    let ev = c.pause(10 * S).unwrap();
    assert_eq!(
        ev,
        vec![ClockEvent::Paused {
            at: 10 * S,
            running: Some(White)
        }]
    );
    assert_eq!(c.phase(), Phase::Paused);
    assert_eq!(c.running(), None);
    assert_eq!(c.on_move(), Some(White));
    assert_eq!(main_ms(&c, White, 70 * S), 15 * MIN - 10 * S);
    assert_eq!(c.press(White, 70 * S), Err(ClockError::Paused));
    assert_eq!(c.pause(70 * S), Err(ClockError::Paused));
    c.resume(70 * S).unwrap();
    assert_eq!(c.resume(71 * S), Err(ClockError::NotPaused));
    assert_eq!(main_ms(&c, White, 80 * S), 15 * MIN - 20 * S);
    let ev = c.press(White, 80 * S).unwrap();
    assert_eq!(pressed(&ev), (20 * S, 15 * MIN - 10 * S));
}

#[test]
fn art_6_11_no_flag_falls_while_paused() {
    let mut c = started("1");
    c.pause(30 * S).unwrap();
    assert_eq!(c.flags(1000 * MIN), [None, None]);
    c.resume(1000 * MIN).unwrap();
    assert_eq!(
        c.flag(White, 1000 * MIN + 30 * S).map(|f| f.at),
        Some(1000 * MIN + 30 * S)
    );
}

#[test]
fn art_6_11_a_pause_within_a_us_delay_keeps_the_rest_of_the_delay() {
    let mut c = started("3+2d");
    c.pause(S).unwrap();
    c.resume(100 * S).unwrap();
    assert_eq!(c.remaining(White, 100 * S).unwrap().delay_ms, S);
    assert_eq!(main_ms(&c, White, 101 * S), 3 * MIN);
    assert_eq!(main_ms(&c, White, 102 * S), 3 * MIN - S);
}

#[test]
fn art_6_10_the_arbiter_sets_times_and_the_move_counter() {
    let mut c = started("90/40+30:30+30");
    // The waiting player's time.
    let ev = c.set_time(Black, 60 * MIN, 10 * S).unwrap();
    assert_eq!(
        ev,
        vec![ClockEvent::Adjusted {
            color: Black,
            at: 10 * S,
            remaining_ms: 60 * MIN,
            moves: 0
        }]
    );
    assert_eq!(main_ms(&c, Black, 20 * S), 60 * MIN);
    // The running player's time, as of now: it keeps running from there.
    c.set_time(White, 100 * S, 10 * S).unwrap();
    assert_eq!(main_ms(&c, White, 15 * S), 95 * S);
    // 7.1: the move counter; the period follows it.
    c.set_moves(White, 39, 15 * S).unwrap();
    assert_eq!(c.moves(White), 39);
    assert_eq!(c.moves_to_control(White), Some(1));
    let ev = c.press(White, 20 * S).unwrap();
    assert_eq!(pressed(&ev).1, 90 * S + 30 * S + 30 * MIN);
    assert_eq!(c.period(White), 2);
}

#[test]
fn art_6_10_set_time_lifts_a_fallen_flag() {
    let mut c = started("1");
    c.set_time(White, 30 * S, 70 * S).unwrap();
    assert_eq!(c.flag(White, 70 * S), None);
    assert_eq!(c.falls().len(), 1);
    assert_eq!(c.flag(White, 100 * S).map(|f| f.at), Some(100 * S));
}

#[test]
fn art_7_5_5_penalty_time_added_to_the_opponent() {
    let mut c = started("90+30");
    c.press(White, 10 * S).unwrap();
    // Black's clock runs: the award goes to White's waiting clock.
    let penalty = u64::from(c.time_control().penalty_seconds()) * S;
    c.add_time(White, penalty, 20 * S).unwrap();
    assert_eq!(main_ms(&c, White, 30 * S), 90 * MIN + 20 * S + 2 * MIN);
    // Time added to a running clock counts from what it shows now.
    c.add_time(Black, MIN, 20 * S).unwrap();
    assert_eq!(main_ms(&c, Black, 30 * S), 90 * MIN + MIN - 20 * S);
}

#[test]
fn art_7_5_5_time_added_to_a_running_clock_within_a_us_delay() {
    let mut c = started("3+2d");
    c.add_time(White, MIN, S).unwrap();
    assert_eq!(c.remaining(White, S).unwrap().delay_ms, S);
    assert_eq!(main_ms(&c, White, 2 * S), 4 * MIN);
    assert_eq!(main_ms(&c, White, 2500), 4 * MIN - 500);
    let ev = c.press(White, 3 * S).unwrap();
    assert_eq!(pressed(&ev), (3 * S, 4 * MIN - S));
}

#[test]
fn time_added_after_a_fall_counts_from_zero_and_the_fall_stays() {
    let mut c = started("1");
    c.add_time(White, 2 * MIN, 70 * S).unwrap();
    assert_eq!(main_ms(&c, White, 70 * S), 2 * MIN);
    assert_eq!(c.flag(White, 70 * S).map(|f| f.at), Some(MIN));
}

#[test]
fn art_12_9_time_removed_saturates_at_zero() {
    let mut c = started("3+2");
    c.remove_time(Black, 10 * MIN, S).unwrap();
    assert_eq!(main_ms(&c, Black, S), 0);
    let ev = c.press(White, 2 * S).unwrap();
    // Black's clock starts at zero: the flag falls at once.
    assert!(ev.contains(&ClockEvent::FlagFell {
        color: Black,
        at: 2 * S
    }));
}

#[test]
fn stopped_clock_keeps_its_readings() {
    let mut c = started("3+2");
    c.press(White, 5 * S).unwrap();
    c.stop(9 * S).unwrap();
    assert_eq!(c.phase(), Phase::Stopped);
    assert_eq!(main_ms(&c, Black, 100 * MIN), 3 * MIN - 4 * S);
    assert_eq!(c.flags(100 * MIN), [None, None]);
    assert_eq!(c.press(Black, 100 * MIN), Err(ClockError::Stopped));
    assert_eq!(c.stop(100 * MIN), Err(ClockError::Stopped));
}

// ------------------------------------------------------------------- readings

#[test]
fn display_h_mm_ss_with_tenths_under_10_seconds() {
    assert_eq!(format_clock(90 * MIN, false), "1:30:00");
    assert_eq!(format_clock(9_499, true), "0:00:09.4");
    let mut c = started("15+10");
    assert_eq!(c.display(White, 0), "0:15:00");
    assert_eq!(c.display(White, S + 1), "0:14:58");
    c.set_time(White, 19_500, S).unwrap();
    assert_eq!(c.display(White, S), "0:00:19");
    assert_eq!(c.display(White, S + 9_600), "0:00:09.9");
    assert_eq!(c.display(White, S + 19_450), "0:00:00.0");
}

#[test]
fn display_tenths_under_20_seconds_in_delay_controls() {
    let mut c = started("3+2d");
    c.set_time(White, 19_500, 0).unwrap();
    assert_eq!(c.display(White, 0), "0:00:19.5");
    let mut c = started("3+2b");
    c.set_time(White, 20_000, 0).unwrap();
    assert_eq!(c.display(White, 0), "0:00:20");
}

#[test]
fn low_time_warning_at_the_crossing_instant_once_per_period() {
    let mut c = started("2");
    assert_eq!(c.update(60 * S), vec![]);
    assert_eq!(
        c.update(60 * S + 1),
        vec![ClockEvent::LowTime {
            color: White,
            at: 60 * S + 1,
            remaining_ms: 60 * S - 1
        }]
    );
    c.press(White, 70 * S).unwrap();
    c.press(Black, 75 * S).unwrap();
    assert_eq!(c.update(100 * S), vec![]);
    let mut c = started("2+5d");
    assert_eq!(c.update(65 * S), vec![]);
    assert_eq!(c.update(65 * S + 1).len(), 1);
}

// ------------------------------------------------------------------- Art. 8.4

#[test]
fn art_8_4_no_recording_under_5_minutes_with_increment_under_30_seconds() {
    let mut c = started("15+10");
    assert!(c.recording_required(White, 0));
    c.set_time(White, 5 * MIN, 0).unwrap();
    assert!(c.recording_required(White, 0));
    assert!(!c.recording_required(White, 1));
    assert!(c.recording_required(Black, 1));
}

#[test]
fn art_8_4_recording_required_with_an_increment_of_30_seconds() {
    let mut c = started("90+30");
    c.set_time(White, MIN, 0).unwrap();
    assert!(c.recording_required(White, 10 * S));
    let mut c = started("90+30d");
    c.set_time(White, MIN, 0).unwrap();
    assert!(c.recording_required(White, 10 * S));
}

#[test]
fn art_8_4_the_exemption_lasts_for_the_rest_of_the_period() {
    let mut c = started("5/40+10:30+10");
    c.press(White, S).unwrap();
    // 4:59 before the increment, 5:09 after: still exempt in this period.
    assert_eq!(main_ms(&c, White, S), 5 * MIN + 9 * S);
    assert!(!c.recording_required(White, S));
    c.set_moves(White, 39, S).unwrap();
    c.press(Black, 2 * S).unwrap();
    c.press(White, 3 * S).unwrap();
    assert_eq!(c.period(White), 2);
    assert!(c.recording_required(White, 3 * S));
}

// ------------------------------------------------------------------- Guidelines III

fn quickplay(spec: &str, white_ms: u64) -> Clock {
    let options = ClockOptions {
        guidelines_iii: true,
        ..ClockOptions::default()
    };
    let mut c = Clock::with_options(tc(spec), options);
    c.start(0).unwrap();
    c.set_time(White, white_ms, 0).unwrap();
    c
}

#[test]
fn guidelines_iii_4_increment_granted_five_seconds_for_both_and_two_minutes() {
    let mut c = quickplay("60", 90 * S);
    let ev = c.request_increment(White, S).unwrap();
    assert_eq!(
        ev,
        vec![ClockEvent::IncrementRequested { by: White, at: S }]
    );
    assert_eq!(c.increment_request().map(|r| r.remaining_ms), Some(89 * S));
    let ev = c.decide_increment(true, 5 * S).unwrap();
    assert_eq!(
        ev,
        vec![
            ClockEvent::IncrementDecided {
                by: White,
                at: 5 * S,
                granted: true
            },
            ClockEvent::BonusChanged {
                at: 5 * S,
                bonus: Bonus::increment(5)
            },
            ClockEvent::Adjusted {
                color: Black,
                at: 5 * S,
                remaining_ms: 62 * MIN,
                moves: 0
            },
        ]
    );
    let ev = c.press(White, 6 * S).unwrap();
    assert_eq!(pressed(&ev).1, 84 * S + 5 * S);
    let ev = c.press(Black, 7 * S).unwrap();
    assert_eq!(pressed(&ev).1, 62 * MIN - S + 5 * S);
    assert_eq!(
        c.request_increment(White, 8 * S),
        Err(ClockError::IncrementInForce)
    );
}

#[test]
fn guidelines_iii_4_refused_by_the_arbiter_nothing_changes() {
    let mut c = quickplay("60", 90 * S);
    c.request_increment(White, S).unwrap();
    c.decide_increment(false, 2 * S).unwrap();
    assert_eq!(c.bonus(White), None);
    assert_eq!(main_ms(&c, Black, 2 * S), 60 * MIN);
    assert_eq!(
        c.decide_increment(true, 3 * S),
        Err(ClockError::NoIncrementRequest)
    );
}

#[test]
fn guidelines_iii_4_and_iii_5_conditions() {
    let mut c = quickplay("60", 90 * S);
    assert_eq!(
        c.request_increment(Black, S),
        Err(ClockError::NotOnMove(Black))
    );
    let mut c2 = quickplay("60", 2 * MIN);
    assert_eq!(
        c2.request_increment(White, 0),
        Err(ClockError::TooMuchTime {
            color: White,
            remaining_ms: 2 * MIN
        })
    );
    assert!(c2.request_increment(White, 1).is_ok());
    let mut off = started("60");
    assert_eq!(
        off.request_increment(White, 0),
        Err(ClockError::GuidelinesOff)
    );
    for spec in ["5", "60+30", "60+5d", "90/40:30+30", "90/40:30"] {
        let mut c = quickplay(spec, 90 * S);
        // Blitz, an increment or a delay, or (90/40:30) not yet in the last period.
        let r = c.claim_quickplay(White, QuickplayGround::Both, S);
        assert_eq!(r, Err(ClockError::GuidelinesNotApplicable), "{spec}");
    }
    let mut late = quickplay("60", 90 * S);
    assert_eq!(
        late.claim_quickplay(White, QuickplayGround::Both, 90 * S),
        Err(ClockError::FlagDown(White))
    );
    c.pause(2 * S).unwrap();
    assert!(
        c.claim_quickplay(White, QuickplayGround::NoEffortToWin, 2 * S)
            .is_ok()
    );
}

#[test]
fn guidelines_iii_5_claim_postponed_then_granted() {
    let mut c = quickplay("60", 90 * S);
    c.pause(S).unwrap();
    let ev = c
        .claim_quickplay(White, QuickplayGround::CannotWinByNormalMeans, S)
        .unwrap();
    assert_eq!(
        ev,
        vec![ClockEvent::QuickplayClaimed {
            by: White,
            at: S,
            ground: QuickplayGround::CannotWinByNormalMeans
        }]
    );
    let open = c.open_claim().unwrap();
    assert_eq!(
        (open.by, open.remaining_ms, open.status),
        (White, 89 * S, QuickplayStatus::Pending)
    );
    assert_eq!(
        c.claim_quickplay(White, QuickplayGround::Both, S),
        Err(ClockError::ClaimOpen)
    );
    c.rule_claim(
        QuickplayRuling::Postpone {
            opponent_award: true,
        },
        2 * S,
    )
    .unwrap();
    assert_eq!(main_ms(&c, Black, 2 * S), 62 * MIN);
    assert_eq!(c.open_claim().unwrap().status, QuickplayStatus::Postponed);
    // Ruled after the flag fell.
    c.resume(2 * S).unwrap();
    c.update(200 * S);
    c.rule_claim(QuickplayRuling::Grant, 200 * S).unwrap();
    assert_eq!(c.open_claim(), None);
    assert_eq!(c.quickplay_claims()[0].status, QuickplayStatus::Granted);
    assert_eq!(
        c.rule_claim(QuickplayRuling::Reject, 201 * S),
        Err(ClockError::NoOpenClaim)
    );
}

#[test]
fn guidelines_iii_5_claim_rejected_the_opponent_gets_two_minutes() {
    let mut c = quickplay("45", 100 * S);
    c.claim_quickplay(White, QuickplayGround::NoEffortToWin, S)
        .unwrap();
    let ev = c.rule_claim(QuickplayRuling::Reject, 2 * S).unwrap();
    assert_eq!(
        ev[0],
        ClockEvent::QuickplayRuled {
            by: White,
            at: 2 * S,
            ruling: QuickplayRuling::Reject
        }
    );
    assert_eq!(main_ms(&c, Black, 2 * S), 47 * MIN);
    assert_eq!(c.quickplay_claims()[0].status, QuickplayStatus::Rejected);
}

// ------------------------------------------------------------------- App. A.1, B.1: classes

#[test]
fn app_a_1_b_1_classes_of_many_controls() {
    let cases = [
        ("3+2", Some(TimeClass::Blitz)),
        ("1", Some(TimeClass::Blitz)),
        ("10+0", Some(TimeClass::Blitz)),
        ("10", Some(TimeClass::Blitz)),
        ("5+5", Some(TimeClass::Blitz)),
        ("9+1", Some(TimeClass::Blitz)),
        ("9+2", Some(TimeClass::Rapid)),
        ("10+1", Some(TimeClass::Rapid)),
        ("10+5", Some(TimeClass::Rapid)),
        ("15+10", Some(TimeClass::Rapid)),
        ("25+10", Some(TimeClass::Rapid)),
        ("59", Some(TimeClass::Rapid)),
        ("59+1", Some(TimeClass::Standard)),
        ("60", Some(TimeClass::Standard)),
        ("50+10", Some(TimeClass::Standard)),
        ("45+15", Some(TimeClass::Standard)),
        ("90+30", Some(TimeClass::Standard)),
        ("90/40+30:30+30", Some(TimeClass::Standard)),
        ("pgn:40/7200:20/3600:900+30", Some(TimeClass::Standard)),
        ("3+2d", Some(TimeClass::Blitz)),
        ("3+2b", Some(TimeClass::Blitz)),
        ("10+5d", Some(TimeClass::Rapid)),
        ("0+2", Some(TimeClass::Blitz)),
        ("*3", Some(TimeClass::Blitz)),
        ("*15", Some(TimeClass::Rapid)),
        ("none", Some(TimeClass::Standard)),
        ("?", None),
    ];
    for (spec, class) in cases {
        assert_eq!(tc(spec).class(), class, "{spec}");
    }
    assert_eq!(tc("15+10").rating_seconds(), Some(25 * 60));
    // With move counts, T is the time for 60 moves across the periods.
    assert_eq!(
        tc("90/40+30:30+30").rating_seconds(),
        Some(90 * 60 + 40 * 30 + 30 * 60 + 20 * 30)
    );
}

/// App. A.1, B.1: a control with move counts is classed by the time for 60 moves, counted
/// across its periods (each period's time, and its increment for the moves played in it):
/// `3/40+2:1` (3 min for 40 moves + 2 s, then 1 min) is 320 s and `5/20:5` 600 s, both
/// blitz, with the penalty unit of B.3 (1 minute); a short control repeating its move count
/// counts each repetition.
#[test]
fn app_a_1_b_1_controls_with_move_counts_classed_by_the_time_for_60_moves() {
    let cases = [
        ("3/40+2:1", 3 * 60 + 40 * 2 + 60, TimeClass::Blitz),
        ("5/20:5", 600, TimeClass::Blitz),
        ("5/20:6", 660, TimeClass::Rapid),
        ("2/20", 3 * 120, TimeClass::Blitz),
        ("15/30:15", 1800, TimeClass::Rapid),
        ("30/40:30", 3600, TimeClass::Standard),
        ("120/40:60/20:30", 7200 + 3600, TimeClass::Standard),
    ];
    for (spec, t, class) in cases {
        assert_eq!(tc(spec).rating_seconds(), Some(t), "{spec}");
        assert_eq!(tc(spec).class(), Some(class), "{spec}");
        let unit = if class == TimeClass::Standard {
            120
        } else {
            60
        };
        assert_eq!(tc(spec).penalty_seconds(), unit, "{spec}");
    }
}

#[test]
fn app_a_3_b_3_the_penalty_unit_follows_the_class() {
    assert_eq!(TimeClass::Standard.penalty_seconds(), 120);
    assert_eq!(TimeClass::Rapid.penalty_seconds(), 60);
    assert_eq!(TimeClass::Blitz.penalty_seconds(), 60);
    assert_eq!(tc("90+30").penalty_seconds(), 120);
    assert_eq!(tc("15+10").penalty_seconds(), 60);
    assert_eq!(tc("3+2").penalty_seconds(), 60);
    assert_eq!(tc("?").penalty_seconds(), 120);
}

// ------------------------------------------------------------------- syntaxes

#[test]
fn art_6_3_the_periods_of_90_40_30_30_30() {
    assert_eq!(
        tc("90/40+30:30+30"),
        TimeControl::Periods(vec![
            Period {
                moves: Some(40),
                seconds: 5400,
                bonus: Some(Bonus::increment(30)),
            },
            Period {
                moves: None,
                seconds: 1800,
                bonus: Some(Bonus::increment(30)),
            },
        ])
    );
    assert_eq!(
        tc("3+2d").periods()[0].bonus.map(|b| b.kind),
        Some(BonusKind::Delay)
    );
    assert_eq!(tc("none"), TimeControl::Unlimited);
    assert_eq!(tc("pgn:-"), TimeControl::Unlimited);
    assert_eq!(tc("pgn:?"), TimeControl::Unknown);
    assert_eq!(tc("pgn:*180"), TimeControl::Sandclock { seconds: 180 });
}

#[test]
fn both_syntaxes_round_trip() {
    let human = [
        ("15+10", "900+10"),
        ("3+2", "180+2"),
        ("5", "300"),
        ("90/40+30:30+30", "40/5400+30:1800+30"),
        ("90/40:30+30", "40/5400:1800+30"),
        ("120/40:60/20:15+30", "40/7200:20/3600:900+30"),
        ("3+2d", "180S2"),
        ("3+2b", "180B2"),
        ("90/40+30d:30+30d", "40/5400S30:1800S30"),
        ("30s+1", "30+1"),
        ("90s", "90"),
        ("0+2", "0+2"),
        ("*3", "*180"),
        ("*30s", "*30"),
        ("none", "-"),
        ("?", "?"),
    ];
    for (h, p) in human {
        let t = tc(h);
        assert_eq!(t.to_string(), h);
        assert_eq!(t.to_pgn(), p, "{h}");
        assert_eq!(TimeControl::from_pgn(p).unwrap(), t, "{p}");
        assert_eq!(tc(&format!("pgn:{p}")), t);
        assert_eq!(tc(&t.to_string()), t);
    }
    // Other spellings read to the same control and print in the canonical form.
    let lenient = [
        ("10+0", "10"),
        (" 15 + 10 ", "15+10"),
        ("0.5+0", "30s"),
        ("1.5+1", "90s+1"),
        ("0.25", "15s"),
        ("3+2D", "3+2d"),
        ("3+2B", "3+2b"),
        ("3+0d", "3"),
        ("NONE", "none"),
        ("PGN:300+0S5", "5+5d"),
        ("pgn:300s5", "5+5d"),
        ("pgn:300+0", "5"),
        ("pgn: 40/5400 + 30 : 1800 + 30", "90/40+30:30+30"),
    ];
    for (text, canonical) in lenient {
        assert_eq!(tc(text).to_string(), canonical, "{text}");
    }
}

#[test]
fn every_parser_error_quotes_the_input_and_says_where() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "90/40+30:3x",
            11,
            "expected '/', '+', ':' or the end, found 'x'",
        ),
        ("", 1, "expected a time control, found nothing"),
        ("   ", 1, "found nothing"),
        ("x", 1, "expected a number of minutes"),
        ("15+", 4, "expected a number of seconds, found the end"),
        ("15+x", 4, "expected a number of seconds, found 'x'"),
        (
            "90:30",
            3,
            "only the last period can be for the rest of the game",
        ),
        ("90/0:30", 4, "at least one move"),
        ("90/x", 4, "expected a number of moves, found 'x'"),
        ("90/40x", 6, "expected '+', ':' or the end, found 'x'"),
        (
            "3+2x",
            4,
            "expected 'd' (delay), 'b' (Bronstein), ':' or the end",
        ),
        ("3+2d/40", 5, "found '/'"),
        ("1.01", 1, "1.01 minutes is not a whole number of seconds"),
        ("1.", 3, "the digits of the minutes after '.'"),
        ("0", 1, "the first period gives no time at all"),
        ("0+0", 1, "no time at all"),
        ("99999999999", 1, "the number is too large"),
        ("80000000", 1, "the number is too large"),
        (
            "90/40:",
            7,
            "expected a number of minutes (or seconds with 's', as in 30s), found the end",
        ),
        ("*0", 2, "no time at all"),
        (
            "*3+2",
            3,
            "expected the end after a sandclock's time, found '+'",
        ),
        ("pgn:", 5, "found nothing"),
        (
            "pgn:abc",
            5,
            "expected a number of seconds (or moves/seconds), found 'a'",
        ),
        ("pgn:40/", 8, "expected a number of seconds, found the end"),
        (
            "pgn:300x",
            8,
            "expected '/', '+', 'S' (delay), 'B' (Bronstein), ':' or the end",
        ),
        (
            "pgn:300+2x",
            10,
            "expected 'S' (delay), 'B' (Bronstein), ':' or the end",
        ),
        ("pgn:300+5S5", 10, "an increment or a delay, not both"),
        ("pgn:300:60", 8, "only the last period"),
        ("pgn:0/300", 5, "at least one move"),
        ("pgn:*x", 6, "expected a number of seconds, found 'x'"),
        (
            "pgn:*180:60",
            9,
            "expected the end after a sandclock's seconds",
        ),
        ("pgn:0", 5, "no time at all"),
    ];
    for &(input, column, what) in cases {
        let e = input.parse::<TimeControl>().unwrap_err();
        assert_eq!(e.input, input);
        assert_eq!(e.column, column, "{input}: {e}");
        let text = e.to_string();
        assert!(
            text.starts_with(&format!("\"{input}\": at column {column}, ")),
            "{text}"
        );
        assert!(text.contains(what), "{input}: {text}");
    }
    let e = TimeControl::from_pgn("40/5400+30:x").unwrap_err();
    assert_eq!(e.column, 12);
    assert_eq!(
        e.to_string(),
        "\"40/5400+30:x\": at column 12, expected a number of seconds (or moves/seconds), found 'x'"
    );
    assert!(matches!(
        "15+".parse::<TimeControl>().unwrap_err().problem,
        TimeControlProblem::Expected { found: None, .. }
    ));
}

#[test]
fn tc_command_lines() {
    let lines = |s: &str| tc_command(s).unwrap();
    assert_eq!(lines("3+2"), ["3+2", "pgn:180+2", "blitz"]);
    assert_eq!(lines("pgn:300+2"), ["5+2", "pgn:300+2", "blitz"]);
    assert_eq!(lines("10+5"), ["10+5", "pgn:600+5", "rapid"]);
    assert_eq!(lines("50+10"), ["50+10", "pgn:3000+10", "standard"]);
    assert_eq!(
        lines("90/40+30:30+30"),
        ["90/40+30:30+30", "pgn:40/5400+30:1800+30", "standard"]
    );
    assert_eq!(lines("3+2d"), ["3+2d", "pgn:180S2", "blitz"]);
    assert_eq!(lines("none"), ["none", "pgn:-", "standard"]);
    assert_eq!(lines("pgn:-"), ["none", "pgn:-", "standard"]);
    let e = tc_command("pgn:?").unwrap_err();
    assert_eq!(e.problem, TimeControlProblem::Unclassifiable);
    assert_eq!(
        e.to_string(),
        "\"pgn:?\": at column 1, an unknown time control (?) has no class"
    );
    assert_eq!(tc_command("3+").unwrap_err().column, 3);
}

// ------------------------------------------------------------------- no panics

/// A small deterministic generator.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn parsers_never_panic_and_what_they_accept_round_trips() {
    let alphabet: Vec<char> = "0123456789/+:*-?sdbSBpgn. x\u{e9}".chars().collect();
    let mut rng = Lcg(7);
    for _ in 0..50_000 {
        let len = rng.next() % 14;
        let mut s: String = (0..len)
            .map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize])
            .collect();
        if rng.next() % 4 == 0 {
            s = format!("pgn:{s}");
        }
        if let Ok(t) = s.parse::<TimeControl>() {
            assert_eq!(tc(&t.to_string()), t, "{s}");
            assert_eq!(TimeControl::from_pgn(&t.to_pgn()).unwrap(), t, "{s}");
            let _ = t.class();
        }
        let _ = TimeControl::from_pgn(&s);
        let _ = tc_command(&s);
    }
}

#[test]
fn the_clock_never_panics() {
    let specs = [
        "1",
        "3+2",
        "3+2d",
        "3+2b",
        "90/40+30:30+30",
        "*1",
        "none",
        "?",
        "0+1",
        "1/1:1/1",
        "pgn:4294967295+4294967295",
    ];
    let mut rng = Lcg(11);
    for spec in specs {
        for round in 0..50 {
            let options = ClockOptions {
                start: if round % 2 == 0 {
                    StartMode::Fide
                } else {
                    StartMode::Casual
                },
                low_time_ms: [None, Some(0), Some(60 * S), Some(u64::MAX)][round % 4],
                guidelines_iii: round % 3 == 0,
            };
            let mut c = Clock::with_options(tc(spec), options);
            let mut now: u64 = if round == 7 { u64::MAX - 1000 } else { 0 };
            for _ in 0..200 {
                let step = match rng.next() % 5 {
                    0 => 0,
                    1 => rng.next() % 100,
                    2 => rng.next() % (10 * MIN),
                    3 => u64::MAX / 4,
                    _ => rng.next(),
                };
                now = now.saturating_add(step);
                let color = if rng.next() % 2 == 0 { White } else { Black };
                let big = [0, 1, 2 * MIN, u64::MAX][(rng.next() % 4) as usize];
                let _ = match rng.next() % 16 {
                    0 => c.start(now),
                    1..=6 => c.press(color, now),
                    7 => c.pause(now),
                    8 => c.resume(now),
                    9 => c.set_time(color, big, now),
                    10 => c.add_time(color, big, now),
                    11 => c.remove_time(color, big, now),
                    12 => c.set_moves(color, [0, 39, u32::MAX][(rng.next() % 3) as usize], now),
                    13 => c.request_increment(color, now),
                    14 => c.decide_increment(rng.next() % 2 == 0, now),
                    _ => c.claim_quickplay(color, QuickplayGround::Both, now),
                };
                let _ = c.rule_claim(QuickplayRuling::Reject, now);
                let _ = c.remaining(color, now);
                let _ = c.display(color, now);
                let _ = c.recording_required(color, now);
                let _ = c.flags(now);
                let _ = c.both_flags();
                let _ = c.moves_to_control(color);
            }
            let _ = c.stop(now);
        }
    }
}

#[test]
fn settings_store_the_human_form() {
    let t = tc("90/40+30:30+30");
    assert_eq!(serde_json::to_string(&t).unwrap(), "\"90/40+30:30+30\"");
    let back: TimeControl = serde_json::from_str("\"pgn:300+2\"").unwrap();
    assert_eq!(back, tc("5+2"));
    let e = serde_json::from_str::<TimeControl>("\"15+\"").unwrap_err();
    assert!(e.to_string().contains("at column 4"), "{e}");
}
