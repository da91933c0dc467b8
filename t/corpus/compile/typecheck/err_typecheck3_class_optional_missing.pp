# an Optional parameter without a default still needs a value
class y(Optional[Integer] $e) {}
include y
