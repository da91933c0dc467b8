class sub inherits nosuchbase {}
include sub
