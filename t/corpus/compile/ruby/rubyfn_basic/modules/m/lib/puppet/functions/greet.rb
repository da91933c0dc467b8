# A function without dispatch: its method gives the signature.
Puppet::Functions.create_function(:greet) do
  def greet(who, punct = '!')
    "hello #{who}#{punct}"
  end
end
