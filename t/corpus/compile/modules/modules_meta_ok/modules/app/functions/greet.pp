# lib is a dependency (in an unmet version); plain is not listed at all
function app::greet(String $who) >> String {
  "${lib::fmt($who)} and ${plain::tag($who)}"
}
