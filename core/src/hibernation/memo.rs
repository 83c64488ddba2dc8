//! The schedule answers of a report remembered by everything they read, for the Shoots of a fleet:
//! they mostly share a few schedules, and each answer walks the cron calendar in a time zone
//! (about a tenth of a fleet Shoot's analysis).

use super::{next_events_in, HibernationSchedule, ScheduleEvent, Shoot, TimeZones};
use chrono::{DateTime, Utc};
use rustc_hash::FxHashMap as HashMap;

/// Remembered [`next_events`] and [`hibernated_during_next_maintenance_window`] answers. One memo
/// serves one source of time-zone rules: its keys leave the rules out.
///
/// [`next_events`]: super::next_events
/// [`hibernated_during_next_maintenance_window`]: super::hibernated_during_next_maintenance_window
#[derive(Debug, Default)]
pub struct ScheduleMemo {
    events: HashMap<EventsKey, Result<Vec<ScheduleEvent>, String>>,
    overlaps: HashMap<OverlapKey, bool>,
}

/// The schedules, the interval `(from, until]` and the most events wanted.
type EventsKey = (
    Vec<HibernationSchedule>,
    DateTime<Utc>,
    DateTime<Utc>,
    usize,
);

/// The maintenance time window, the schedules, `status.hibernated` and the instant.
type OverlapKey = (
    Option<(String, String)>,
    Vec<HibernationSchedule>,
    bool,
    DateTime<Utc>,
);

impl ScheduleMemo {
    /// [`next_events`](super::next_events), computed once per distinct input.
    pub fn next_events(
        &mut self,
        schedules: &[HibernationSchedule],
        (from, until): (DateTime<Utc>, DateTime<Utc>),
        limit: usize,
        zones: TimeZones,
    ) -> Result<Vec<ScheduleEvent>, String> {
        let key = (schedules.to_vec(), from, until, limit);
        self.events
            .entry(key)
            .or_insert_with(|| next_events_in(schedules, (from, until), limit, zones))
            .clone()
    }

    /// [`hibernated_during_next_maintenance_window`](super::hibernated_during_next_maintenance_window),
    /// computed once per distinct input.
    pub fn hibernated_during_next_maintenance_window(
        &mut self,
        shoot: &Shoot,
        now: DateTime<Utc>,
        zones: TimeZones,
    ) -> bool {
        let window = shoot
            .maintenance_time_window()
            .map(|(begin, end)| (begin.to_string(), end.to_string()));
        let key = (
            window,
            shoot.schedules().to_vec(),
            shoot.status.hibernated,
            now,
        );
        *self.overlaps.entry(key).or_insert_with(|| {
            super::overlap::hibernated_during_next_maintenance_window_in(shoot, now, zones)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shoot(yaml: &str) -> Shoot {
        crate::document::from_str(yaml).expect("a Shoot")
    }

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().expect("an instant")
    }

    #[test]
    fn answers_as_the_functions_do_for_each_distinct_input() {
        let berlin = shoot(
            "spec:\n  maintenance:\n    timeWindow: {begin: 220000+0000, end: 230000+0000}\n  \
             hibernation:\n    schedules:\n    - {start: '00 21 * * 1-5', end: '00 07 * * 1-5', location: Europe/Berlin}\n",
        );
        let utc = shoot(
            "spec:\n  maintenance:\n    timeWindow: {begin: 220000+0000, end: 230000+0000}\n  \
             hibernation:\n    schedules:\n    - {start: '00 21 * * 1-5', end: '00 07 * * 1-5'}\n",
        );
        let hibernated = shoot(
            "spec:\n  maintenance:\n    timeWindow: {begin: 220000+0000, end: 230000+0000}\n  \
             hibernation:\n    schedules:\n    - {start: '00 21 * * 1-5', end: '00 07 * * 1-5'}\n\
             status:\n  hibernated: true\n",
        );
        let mut memo = ScheduleMemo::default();
        for now in [at("2026-11-23T12:00:00Z"), at("2026-11-28T12:00:00Z")] {
            let week = (now, now + chrono::TimeDelta::days(7));
            // Twice each, so the second answer comes from the memo.
            for _ in 0..2 {
                for shoot in [&berlin, &utc, &hibernated] {
                    assert_eq!(
                        memo.next_events(shoot.schedules(), week, 20, TimeZones::EMBEDDED),
                        super::super::next_events(shoot.schedules(), week.0, week.1, 20)
                    );
                    assert_eq!(
                        memo.hibernated_during_next_maintenance_window(
                            shoot,
                            now,
                            TimeZones::EMBEDDED
                        ),
                        super::super::hibernated_during_next_maintenance_window(shoot, now)
                    );
                }
            }
        }
        // Berlin and UTC differ by an hour, so their events differ: the zone is part of the key.
        let week = (at("2026-11-23T12:00:00Z"), at("2026-11-30T12:00:00Z"));
        assert_ne!(
            memo.next_events(berlin.schedules(), week, 20, TimeZones::EMBEDDED),
            memo.next_events(utc.schedules(), week, 20, TimeZones::EMBEDDED)
        );
    }
}
