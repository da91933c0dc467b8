# no metadata.json at all
class plain {
  notify { 'plain': message => app::greet('plain') }
}
