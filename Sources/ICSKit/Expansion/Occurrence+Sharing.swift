extension Occurrence {
    /// The box that this occurrence shares with the other instances of its series that read the
    /// same incidence (``SharedIncidence``), for callers that do per-series work once (the
    /// command line's JSON writer keeps the bytes that do not change between instances).
    ///
    /// Two occurrences with the same box (`===`) have equal incidences. Holding the returned
    /// reference keeps the box alive, so its identity cannot be reused by a later allocation;
    /// a box is never written (a change to ``incidence`` makes a new one), so what a holder
    /// derived from it stays true.
    package var sharedIncidenceKey: AnyObject { shared }
}
