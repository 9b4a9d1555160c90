//! The worker's jobs: every question a bot answers away from the frame loop, as one tagged
//! type. The desktop game runs a job on a thread of its own; the browser sends it, as JSON,
//! to its Web Worker (`web/worker`, which calls [`answer_json`]), so that the page never
//! waits for a search. Each job names what it is in its `job` field — a move of either
//! game's bots, or an engine's analysis of a position of either game — and is answered in
//! its own form: [`crate::bot::job::Answer`], [`crate::go::job::GoAnswer`],
//! [`AnalysisAnswer`].

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use crate::common::analysis::{Analysis, Effort, Studied};

/// One question for the worker.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "job", rename_all = "snake_case")]
pub enum WorkerJob {
    /// A Chogo bot's move.
    ChogoMove(crate::bot::job::Job),
    /// A move of a bot of Go with chess pieces.
    GoMove(crate::go::job::GoJob),
    /// Chogo's engine judging the last position of a Chogo record (RULES §8).
    ChogoAnalysis(AnalysisJob),
    /// The engine of Go with chess pieces judging the last position of its record
    /// (GO_RULES §5).
    GoAnalysis(AnalysisJob),
}

/// A question for the analysis board or the review: the engine's judgement of the
/// position at the end of a game record (the job's tag says which game's).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AnalysisJob {
    /// The game up to the position to analyse, as its record.
    pub analyse: String,
    /// How many best moves.
    pub multipv: usize,
    #[serde(default)]
    pub effort: Effort,
    pub seed: u64,
}

/// The answer to an analysis job: the analysis, or why there is none.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct AnalysisAnswer {
    #[serde(default)]
    pub analysis: Option<Analysis>,
    #[serde(default)]
    pub error: Option<String>,
}

/// Which engine judges a board's game for the study, and how its analysis job is tagged.
/// The study keeps the boards' analyses apart by `name`; it never asks which game it is.
#[derive(Clone, Copy, Debug)]
pub struct Analyst {
    pub name: &'static str,
    pub tag: fn(AnalysisJob) -> WorkerJob,
}

impl PartialEq for Analyst {
    fn eq(&self, other: &Analyst) -> bool {
        self.name == other.name
    }
}

impl Eq for Analyst {}

impl AnalysisJob {
    /// Analyses the last position of a game read from the job's record.
    fn run_on<G: Studied>(
        &self,
        game: Result<G, String>,
        stop: &AtomicBool,
    ) -> Result<Analysis, String> {
        let game = game?;
        // The position itself, without a resignation or an agreed ending.
        let game = game.after_plies(game.ply_count());
        Ok(game.analyse(self.effort, self.multipv.clamp(1, 64), self.seed, stop))
    }

    /// Reads a worker's answer.
    pub fn read_answer(json: &str) -> Result<Analysis, String> {
        let answer: AnalysisAnswer =
            serde_json::from_str(json).map_err(|e| format!("bad answer: {e}"))?;
        match (answer.analysis, answer.error) {
            (_, Some(error)) => Err(error),
            (Some(analysis), None) => Ok(analysis),
            (None, None) => Err("an answer with no analysis".into()),
        }
    }
}

fn chogo_game(record: &str) -> Result<crate::rules::Game, String> {
    let record = crate::rules::Record::parse(record).map_err(|e| e.to_string())?;
    record.to_game().map_err(|e| e.to_string())
}

fn go_game(record: &str) -> Result<crate::go::Game, String> {
    let record = crate::go::Record::parse(record).map_err(|e| e.to_string())?;
    record.to_game().map_err(|e| e.to_string())
}

impl WorkerJob {
    /// Runs an analysis job (`None` for a bot's move, which answers in its own form).
    pub fn analyse(&self, stop: &AtomicBool) -> Option<Result<Analysis, String>> {
        match self {
            WorkerJob::ChogoAnalysis(job) => Some(job.run_on(chogo_game(&job.analyse), stop)),
            WorkerJob::GoAnalysis(job) => Some(job.run_on(go_game(&job.analyse), stop)),
            WorkerJob::ChogoMove(_) | WorkerJob::GoMove(_) => None,
        }
    }

    /// Runs the job and writes its answer as JSON.
    pub fn answer(&self, stop: &AtomicBool) -> String {
        let analysed = match self {
            WorkerJob::ChogoMove(job) => return job.answer_json(stop),
            WorkerJob::GoMove(job) => return job.answer_json(stop),
            WorkerJob::ChogoAnalysis(job) => job.run_on(chogo_game(&job.analyse), stop),
            WorkerJob::GoAnalysis(job) => job.run_on(go_game(&job.analyse), stop),
        };
        let answer = match analysed {
            Ok(analysis) => AnalysisAnswer {
                analysis: Some(analysis),
                error: None,
            },
            Err(e) => failed(e),
        };
        serde_json::to_string(&answer).unwrap_or_default()
    }

    /// The job as the worker reads it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

fn failed(error: String) -> AnalysisAnswer {
    AnalysisAnswer {
        analysis: None,
        error: Some(error),
    }
}

/// The worker's whole job: JSON in, JSON out (never panics on bad input). A job that
/// cannot be read is answered with no move and its `error`, which every answer's reader
/// takes.
pub fn answer_json(json: &str) -> String {
    match serde_json::from_str::<WorkerJob>(json) {
        Ok(job) => job.answer(&AtomicBool::new(false)),
        Err(e) => {
            // The message names what the job was meant to be, when its tag says.
            let tag = serde_json::from_str::<serde_json::Value>(json)
                .ok()
                .and_then(|v| v.get("job")?.as_str().map(str::to_owned));
            let what = match tag.as_deref() {
                Some("chogo_move") => "a Chogo bot's job",
                Some("go_move") => "a job of Go with chess pieces",
                Some("chogo_analysis" | "go_analysis") => "an analysis job",
                _ => "a worker job",
            };
            // The shape `web/worker.js` answers with when the worker fails: every reader
            // takes it (no move, no analysis, the reason).
            serde_json::json!({ "move": null, "error": format!("not {what}: {e}") }).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_job_names_what_it_is_and_goes_to_its_engine() {
        let game =
            crate::go::Game::from_position(crate::go::Position::new(crate::go::Rules::default()));
        let job = WorkerJob::GoAnalysis(AnalysisJob {
            analyse: crate::go::Record::from_game(&game, &[]).to_string(),
            multipv: 2,
            effort: Effort {
                work: Some(300),
                ..Effort::default()
            },
            seed: 3,
        });
        let json = job.to_json();
        assert!(
            json.starts_with(r#"{"job":"go_analysis","analyse":"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<WorkerJob>(&json).unwrap(), job);
        // Go's engine judges it: its analysis has the lead in points, which Chogo's never
        // has.
        let answer = AnalysisJob::read_answer(&answer_json(&json));
        assert!(answer.is_ok_and(|a| a.lead.is_some()));
        let chogo = json.replace("go_analysis", "chogo_analysis");
        let answer = AnalysisJob::read_answer(&answer_json(&chogo));
        assert!(answer.is_ok_and(|a| a.lead.is_none()));
    }
}
