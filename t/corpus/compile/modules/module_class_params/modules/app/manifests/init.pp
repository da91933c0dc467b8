class app (
  Integer $port = 80,
  String $user = 'app',
) {
  include app::service
}
