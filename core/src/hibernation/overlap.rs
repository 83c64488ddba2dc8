//! Whether a Shoot may be hibernated during its next maintenance window.
//!
//! Follows `IsShootHibernatedDuringNextMaintenanceWindow` and `parseNextHibernationEvents` in
//! `pkg/gardenlet/controller/shoot/care/hibernation.go`, with the window projection of
//! `MaintenanceTimeWindow.AdjustedBegin`/`AdjustedEnd` (`pkg/apis/utils/timewindow`).

use super::schedule::{parse_schedules_in, HibernationSchedule, Operation};
use super::Shoot;
use super::TimeZones;
use crate::timewindow::MaintenanceTimeWindow;
use chrono::{DateTime, Days, Utc};

/// `IsShootHibernatedDuringNextMaintenanceWindow`: could the Shoot be hibernated at some point of its
/// next maintenance window? Only the very next hibernation and wake-up after `now` are considered.
/// No window, an unparsable window or unparsable schedules give `false`.
pub fn hibernated_during_next_maintenance_window(shoot: &Shoot, now: DateTime<Utc>) -> bool {
    hibernated_during_next_maintenance_window_in(shoot, now, TimeZones::EMBEDDED)
}

/// [`hibernated_during_next_maintenance_window`] with the offsets of `zones`.
pub fn hibernated_during_next_maintenance_window_in(
    shoot: &Shoot,
    now: DateTime<Utc>,
    zones: TimeZones,
) -> bool {
    hibernated_during_next_window_in(
        shoot.maintenance_time_window(),
        shoot.schedules(),
        shoot.status.hibernated,
        (now, zones),
    )
}

/// [`hibernated_during_next_maintenance_window`] on the parts it reads: `spec.maintenance.timeWindow`
/// as `(begin, end)`, `spec.hibernation.schedules` and `status.hibernated`.
pub fn hibernated_during_next_window(
    window: Option<(&str, &str)>,
    schedules: &[HibernationSchedule],
    hibernated: bool,
    now: DateTime<Utc>,
) -> bool {
    let at = (now, TimeZones::EMBEDDED);
    hibernated_during_next_window_in(window, schedules, hibernated, at)
}

fn hibernated_during_next_window_in(
    window: Option<(&str, &str)>,
    schedules: &[HibernationSchedule],
    hibernated: bool,
    (now, zones): (DateTime<Utc>, TimeZones),
) -> bool {
    let Some((begin, end)) = window else {
        return false;
    };
    let Ok(window) = MaintenanceTimeWindow::parse(begin, end) else {
        return false;
    };
    let Some((next_begin, next_end)) = next_window(&window, now) else {
        return false;
    };
    let Some((next_hibernate, next_wake_up)) = next_hibernation_events(schedules, now, zones)
    else {
        return false;
    };

    // Each event is `None` when no entry of that operation exists, `Some(None)` for Go's zero time (an
    // entry that never fires), which compares before every real instant — as `Option`'s order does.
    if hibernated {
        let Some(wake_up) = next_wake_up else {
            return true;
        };
        if wake_up > Some(next_begin) {
            return true;
        }
        return next_hibernate.is_some_and(|h| h > wake_up && h < Some(next_end));
    }
    let Some(hibernate) = next_hibernate else {
        return false;
    };
    if hibernate > Some(next_end) {
        return false;
    }
    next_wake_up.is_none_or(|w| w < hibernate || w > Some(next_begin))
}

/// The next window: begin on today's UTC date, a day later unless it is still ahead; end on today's date
/// (a day later for windows spanning midnight), a day later again unless it is after the begin.
fn next_window(
    window: &MaintenanceTimeWindow,
    now: DateTime<Utc>,
) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let mut begin = window.begin.on_date_of(now);
    if begin <= now {
        begin = begin.checked_add_days(Days::new(1))?;
    }
    let mut end = window.end.on_date_of(now);
    if window.end <= window.begin {
        end = end.checked_add_days(Days::new(1))?;
    }
    if end <= begin {
        end = end.checked_add_days(Days::new(1))?;
    }
    Some((begin, end))
}

type GoInstant = Option<DateTime<Utc>>;

/// `parseNextHibernationEvents`: the earliest `Next(now)` per operation. `None` when the schedules do
/// not parse.
fn next_hibernation_events(
    schedules: &[HibernationSchedule],
    now: DateTime<Utc>,
    zones: TimeZones,
) -> Option<(Option<GoInstant>, Option<GoInstant>)> {
    let parsed = parse_schedules_in(schedules, zones).ok()?;
    let mut hibernate: Option<GoInstant> = None;
    let mut wake_up: Option<GoInstant> = None;
    for entry in &parsed {
        let next = entry.next(now);
        let slot = match entry.operation {
            Operation::Hibernate => &mut hibernate,
            Operation::WakeUp => &mut wake_up,
        };
        if slot.is_none_or(|current| next < current) {
            *slot = Some(next);
        }
    }
    Some((hibernate, wake_up))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn check(hibernated: bool, schedules: &str, window: (&str, &str), now: &str) -> bool {
        let yaml = format!(
            "spec: {{maintenance: {{timeWindow: {{begin: '{}', end: '{}'}}}}, hibernation: {{schedules: {schedules}}}}}\nstatus: {{hibernated: {hibernated}}}",
            window.0, window.1
        );
        let shoot: Shoot = serde_yaml::from_str(&yaml).unwrap();
        hibernated_during_next_maintenance_window(&shoot, at(now))
    }

    #[test]
    fn awake_shoot_hibernating_inside_the_window() {
        let window = ("220000+0000", "230000+0000");
        let now = "2024-01-08T15:00:00Z";
        assert!(check(
            false,
            "[{start: '30 22 * * *', end: '0 8 * * *'}]",
            window,
            now
        ));
        assert!(!check(
            false,
            "[{start: '30 23 * * *', end: '0 8 * * *'}]",
            window,
            now
        ));
        assert!(!check(false, "[{end: '0 8 * * *'}]", window, now));
        assert!(!check(false, "[{start: 'bad'}]", window, now));
    }

    #[test]
    fn hibernated_shoot_waking_up_too_late() {
        let window = ("220000+0000", "230000+0000");
        let now = "2024-01-08T21:00:00Z";
        assert!(check(
            true,
            "[{start: '0 20 * * *', end: '30 22 * * *'}]",
            window,
            now
        ));
        assert!(!check(
            true,
            "[{start: '0 20 * * *', end: '30 21 * * *'}]",
            window,
            now
        ));
        assert!(check(true, "[]", window, now));
        // A wake-up that never fires is Go's zero time: "before" the window, so not "too late".
        assert!(!check(true, "[{end: '0 0 30 2 *'}]", window, now));
    }

    #[test]
    fn window_projection() {
        let window = MaintenanceTimeWindow::parse("230000+0000", "010000+0000").unwrap();
        assert_eq!(
            next_window(&window, at("2024-01-08T23:30:00Z")),
            Some((at("2024-01-09T23:00:00Z"), at("2024-01-10T01:00:00Z")))
        );
        assert_eq!(
            next_window(&window, at("2024-01-08T15:00:00Z")),
            Some((at("2024-01-08T23:00:00Z"), at("2024-01-09T01:00:00Z")))
        );
    }
}
