@echo off
rem jremix: a drop-in for java.exe that runs the program under the jremix agent. What to run is decided in Java, by
rem the launch plan (cli\, io.jremix.cli.Main), which reads the arguments as java does and writes java's arguments
rem quoted for cmd; this script only finds java and the plan, and runs the result with the program's exit code.
setlocal DisableDelayedExpansion
set "home=%~dp0.."
rem an unpacked distribution keeps its jars in lib\, a source checkout in the modules' target\ (cli's Installation)
set "cli=%home%\lib\jremix-cli.jar"
if not exist "%cli%" set "cli=%home%\cli\target\jremix-cli.jar"
if defined JREMIX_JAVA (
  set "java=%JREMIX_JAVA%"
) else if defined JAVA_HOME (
  set "java=%JAVA_HOME%\bin\java.exe"
) else (
  set "java=java"
)
if not exist "%cli%" (
  echo jremix: error: jremix is not built; run 'mvn -B -DskipTests package' in %home% 1>&2
  exit /b 2
)

rem The plan's JVM: small and quick to start, and without the options the environment gives the program's JVM.
set "words=%TEMP%\jremix-%RANDOM%-%RANDOM%.txt"
setlocal
set JAVA_TOOL_OPTIONS=
set JDK_JAVA_OPTIONS=
set _JAVA_OPTIONS=
"%java%" -Xshare:auto -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Djremix.shell=cmd ^
  "-Djremix.home=%home%" -cp "%cli%" io.jremix.cli.Main %* > "%words%"
endlocal & set "plan_exit=%ERRORLEVEL%"
if not "%plan_exit%"=="0" (
  del "%words%" 2>nul
  exit /b %plan_exit%
)
set "args="
for /f "usebackq delims=" %%a in ("%words%") do set "args=%%a"
del "%words%"
"%java%" %args%
exit /b %ERRORLEVEL%
